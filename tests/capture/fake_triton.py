"""Stand-ins for what the capture shim reads of Triton and torch, for tests without a GPU:
tensors in host memory that hold real little-endian bytes, and a CompiledKernel whose launcher
runs a Python function on them. The kernels themselves are real @triton.jit functions
(shim_kernels.py), so the ops a capture makes of them compile for sm_90 like any other."""
import array
import collections
import dataclasses

ARRAY_CODES = {"fp32": "f", "i32": "i", "i64": "q"}


class HostTensor:
    """A contiguous 1-D tensor in host memory: its own, or (view_of) a run of another's elements."""

    def __init__(self, values, dtype="fp32", address=4096):
        self.data = array.array(ARRAY_CODES[dtype], values)
        self.dtype, self.address = dtype, address
        self.shape, self.strides = [len(self.data)], [1]
        self.storage, self.offset = self, 0  # whose memory it is, and where in it (bytes) it starts

    @classmethod
    def view_of(cls, base, start, count):
        """`count` elements of `base`'s memory from element `start`: writes through either show in both."""
        viewed = cls([], base.dtype, base.address)
        size = base.data.itemsize
        viewed.storage, viewed.offset = base.storage, base.offset + start * size
        raw = memoryview(base.storage.data).cast("B")
        viewed.data = raw[viewed.offset:viewed.offset + count * size].cast(ARRAY_CODES[base.dtype])
        viewed.address = base.address + start * size
        viewed.shape = [count]
        return viewed


class HostTensors:
    """What the shim asks of tensors (abtool_capture.TorchTensors' interface)."""

    capturing_graph = False  # a test sets it: launches as if inside a CUDA graph capture

    def capturing(self):
        return self.capturing_graph

    def is_tensor(self, value):
        return isinstance(value, HostTensor)

    def quick(self, value):
        return (value.dtype, tuple(value.shape), tuple(value.strides), value.address % 16, id(value))

    def describe(self, value):
        size = value.data.itemsize
        return {"dtype": value.dtype, "shape": list(value.shape), "strides": list(value.strides), "extent": len(value.data),
                "bytes": size * len(value.data), "integer": value.dtype.startswith("i"), "align16": value.address % 16 == 0,
                "contiguous": True, "device": "host"}

    def host(self, value):
        return value if isinstance(value, bytes) else value.data.tobytes()

    def ready_event(self, value):  # host memory: nothing to wait for
        return None

    def host_when_ready(self, value, ready):
        return self.host(value)

    def storage_of(self, value):
        return id(value.storage)

    def byte_range(self, value):
        return value.offset, value.offset + len(value.data) * value.data.itemsize

    def storage_span(self, value, start, nbytes):  # bytes [start, start + nbytes) of value's storage
        size = value.data.itemsize
        return HostTensor.view_of(value.storage, start // size, nbytes // size)

    def snapshot(self, value):
        return self.host(value)

    def sample(self, value, itemsize, limit, runs):  # the first `limit` bytes: enough for these tests
        return self.host(value)[:limit // itemsize * itemsize]

    def view(self, base, shape, strides):  # a tensor descriptor's view: the same memory, row-major
        assert strides == [n for n in _row_major(shape)], "host tensors view only densely"
        viewed = HostTensor([], base.dtype, base.address)
        viewed.data, viewed.shape, viewed.strides = base.data, list(shape), list(strides)
        return viewed

    def copy(self, value, poison=None):  # a poisoned copy: every element the pattern byte's value
        copied = HostTensor(list(value.data), value.dtype, value.address)
        copied.shape, copied.strides = list(value.shape), list(value.strides)
        if poison is not None:
            copied.data = array.array(copied.data.typecode, [poison] * len(copied.data))
        return copied

    def still_poisoned(self, copied, poison):
        return all(v == poison for v in copied.data)

    def differs(self, value, other):
        return self.host(value) != self.host(other)

    def synchronize(self):
        pass


def _row_major(shape):
    strides, step = [], 1
    for size in reversed(shape):
        strides.insert(0, step)
        step *= size
    return strides


@dataclasses.dataclass
class TensorDescriptor:
    """triton.tools.tensor_descriptor.TensorDescriptor's fields, over a host tensor (Triton's checks
    its base's device pointer)."""
    base: object
    shape: list
    strides: list
    block_shape: list
    padding: str = "zero"


Metadata = collections.namedtuple("Metadata", "num_warps num_stages num_ctas cluster_dims launch_cooperative_grid launch_pdl")


class Source:
    """Triton's ASTSource as the JIT made it: the type of each argument, the constexpr values by
    argument path, the divisibility attributes."""

    def __init__(self, fn, signature, constants, attrs):
        self.fn, self.signature, self.constants, self.attrs = fn, signature, constants, attrs


class StandInKernel:
    """Triton's CompiledKernel as the shim sees it: src, metadata, and `run`, the launcher."""

    def __init__(self, fn, signature, constants, num_warps=4, effect=None, divisible=(0, 1)):
        attrs = {(i,): [["tt.divisibility", 16]] for i in divisible}
        self.src, self.name = Source(fn, signature, constants, attrs), fn.__name__
        self.metadata = Metadata(num_warps, 3, 1, (1, 1, 1), False, False)
        self.effect = effect  # what "running" it does to its arguments
        self.launched = 0

    @property
    def run(self):
        def launcher(g0, g1, g2, stream, function, packed, launch_meta, enter, exit_, *args):
            self.launched += 1
            if self.effect:
                self.effect(*args)
        return launcher


class Module:
    """triton.compiler.compiler, as far as the shim patches it."""
    CompiledKernel = StandInKernel


def launch(kernel, grid, *args):
    """What JITFunction.run does: the launcher with the grid, the stream, five launch fields, then every argument."""
    kernel.run(*grid, 0, None, None, None, None, None, *args)
