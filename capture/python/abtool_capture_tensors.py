"""abtool's capture shim: tensor contents (abtool_capture.py's part): copies, poisoned copies,
comparisons and samples of torch tensors' bytes, on the device where it can, and the summaries of
a tensor too large to store."""


_RMS_SLICE = 1 << 20  # elements converted to float64 at a time: the temporaries stay in the cache


def _finite_slices(data, dtype):
    """The finite elements of `data` read as `dtype` as float64, by slices of _RMS_SLICE (a
    converted slice stays in the cache); None without numpy or for another dtype."""
    try:
        import numpy
    except ImportError:
        return None
    if dtype == "bf16":
        values = numpy.frombuffer(data, numpy.uint16)
    elif dtype in ("fp16", "fp32", "fp64"):
        values = numpy.frombuffer(data, {"fp16": numpy.float16, "fp32": numpy.float32, "fp64": numpy.float64}[dtype])
    else:
        return None

    def slices():
        for start in range(0, values.size, _RMS_SLICE):
            part = values[start:start + _RMS_SLICE]
            if dtype == "bf16":
                part = (part.astype(numpy.uint32) << 16).view(numpy.float32)
            part = part.astype(numpy.float64)
            finite = numpy.isfinite(part)
            yield part if finite.all() else part[finite]
    return slices()


def _rms(data, dtype):
    """The root-mean-square of the finite elements of `data` read as `dtype` (fp16, bf16, fp32,
    fp64), as abtool's capture/ computes it for a tolerance; None without numpy or for another dtype.
    A sum of squares a slice (einsum: no BLAS, whose thread pool would contend with the workload's
    threads on the writer's every slice): 3x to 8x faster than squaring the whole tensor at once
    (bench/RESULTS.md)."""
    slices = _finite_slices(data, dtype)
    if slices is None:
        return None
    import numpy
    total, count = 0.0, 0
    for part in slices:
        total += float(numpy.einsum("i,i->", part, part))
        count += part.size
    return (total / count) ** 0.5 if count else 0.0


def _sample_summary(data, dtype):
    """A tensor too large to store, from a sample of its bytes: the range of its finite values
    (None: no finite value, or no numpy) and their root-mean-square."""
    slices = _finite_slices(data, dtype)
    if slices is None:
        return {"range": None, "rms": None}
    import numpy
    low, high, total, count = float("inf"), float("-inf"), 0.0, 0
    for part in slices:
        if part.size:
            low, high = min(low, float(part.min())), max(high, float(part.max()))
            total += float(numpy.einsum("i,i->", part, part))
            count += part.size
    if not count:
        return {"range": None, "rms": 0.0}
    return {"range": [low, high], "rms": (total / count) ** 0.5}


def _runs(count, itemsize, limit, runs):
    """(start, length) of `runs` evenly spaced runs over `count` elements, `limit` bytes in all at most."""
    length = max(1, limit // itemsize // runs)
    if count <= length * runs:
        return [(0, count)]
    return [(count * k // runs, length) for k in range(runs)]


_MOST_PINNED_BYTES = 512 << 20  # a writer thread's page-locked buffer at most; a larger tensor is read pageable


def _numel(shape):
    count = 1
    for size in shape:
        count *= size
    return count


class TorchTensors:
    """Tensor contents through torch: the raw bytes of the storage a view can reach."""

    integer_dtypes = {"int8", "int16", "int32", "int64", "uint8", "bool", "uint16", "uint32", "uint64"}
    dtypes = {"float32": "fp32", "float16": "fp16", "bfloat16": "bf16", "float64": "fp64", "int32": "i32", "int64": "i64",
              "int8": "i8", "int16": "i16", "uint8": "u8", "bool": "i1", "float8_e4m3fn": "fp8e4nv", "float8_e5m2": "fp8e5"}

    def __init__(self):
        import torch
        self.torch = torch
        # abtool_capture_bytes.DeviceBytes, made at the first CUDA tensor; False: none to be had.
        self._device_bytes = None
        self._allocator = None
        import threading
        self._writers = threading.local()  # each writer thread's stream and pinned buffer (host_when_ready)

    def empty(self, count, dtype, device):
        """Device memory of the shim's own, allocated on a thread of its own. A workload may route
        its thread's allocations to a pool (torch.compile(mode="reduce-overhead") does, while it
        warms a function up before recording its CUDA graph, and then refuses a pool that holds
        tensors it did not make); the caching allocator routes by thread, so the shim's copies,
        kept until its writer threads have read them, stay out of it. The block belongs to the
        allocating thread's stream: the current stream waits for it, and the allocator waits for
        the current stream before it hands the block out again."""
        torch = self.torch
        if torch.device(device).type != "cuda":
            return torch.empty(count, dtype=dtype, device=device)
        if self._allocator is None:
            import concurrent.futures
            self._allocator = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="abtool-capture-alloc")

        def allocate():
            tensor = torch.empty(count, dtype=dtype, device=device)
            return tensor, torch.cuda.current_stream(tensor.device)

        tensor, stream = self._allocator.submit(allocate).result()
        current = torch.cuda.current_stream(tensor.device)
        if current != stream:
            current.wait_stream(stream)
            tensor.record_stream(current)
        return tensor

    def is_tensor(self, value):
        return isinstance(value, self.torch.Tensor)

    def capturing(self):
        """Whether the current stream is capturing a CUDA graph (no copy or synchronize allowed)."""
        cuda = self.torch.cuda
        return cuda.is_initialized() and cuda.is_current_stream_capturing()

    def as_tensor(self, value):
        """A torch tensor over the memory a pointer-like object (FlagGems' StridedBuffer: a base
        tensor, a dtype, shape, strides and an offset) describes; the object itself otherwise."""
        if isinstance(value, self.torch.Tensor):
            return value
        base = getattr(value, "_base", None)
        if not isinstance(base, self.torch.Tensor) or getattr(value, "dtype", None) != base.dtype:
            return value
        try:
            shape, strides = tuple(value.shape), tuple(value.stride())
            if any(s < 0 for s in strides):
                return value  # a reversed view (flip): no torch view of it
            offset = (value.data_ptr() - base.data_ptr()) // base.element_size() + base.storage_offset()
            return self.torch.as_strided(base, shape, strides, offset)
        except Exception:  # noqa: BLE001 - left as it is: described as unsupported, with its type
            return value

    def view(self, base, shape, strides):
        """The memory `shape` and `strides` reach from the start of `base` (a tensor descriptor's)."""
        return self.torch.as_strided(base, shape, strides, base.storage_offset())

    @staticmethod
    def quick(value):
        return (value.dtype, tuple(value.shape), value.stride(), value.data_ptr() % 16, value.device)

    @staticmethod
    def extent(value):
        if value.numel() == 0:
            return 0
        return 1 + sum((size - 1) * stride for size, stride in zip(value.shape, value.stride()) if size > 0)

    def span(self, value):
        return self.torch.as_strided(value, (self.extent(value),), (1,), value.storage_offset())

    @staticmethod
    def storage_of(value):
        """Which memory a tensor lives in: views of one allocation share it."""
        return value.device, value.untyped_storage().data_ptr()

    def byte_range(self, value):
        """The bytes its span reaches, as addresses."""
        start = value.data_ptr()
        return start, start + self.extent(value) * value.element_size()

    def storage_span(self, value, start, nbytes):
        """Bytes [start, start + nbytes) (addresses) of `value`'s storage, as a 1-D tensor of its dtype."""
        storage = value.untyped_storage()
        size = value.element_size()
        spanned = self.torch.empty(0, dtype=value.dtype, device=value.device)
        spanned.set_(storage, (start - storage.data_ptr()) // size, (nbytes // size,), (1,))
        return spanned

    def describe(self, value):
        name = str(value.dtype).replace("torch.", "")
        extent = self.extent(value)
        return {"dtype": self.dtypes.get(name, name), "shape": list(value.shape), "strides": list(value.stride()),
                "extent": extent, "bytes": extent * value.element_size(), "integer": name in self.integer_dtypes,
                "align16": value.data_ptr() % 16 == 0, "contiguous": bool(value.is_contiguous()),
                "device": str(value.device)}

    # No torch operator that computes on the device here, only views (empty, as_strided, view) and
    # reads to the host (to("cpu")): a library that runs torch's operators as kernels of its own
    # (FlagGems' use_gems overrides copy_, eq, all, fill_, equal, mean, ...) would otherwise launch
    # -- and first compile -- its kernels at the shim's every look at a tensor. On the device the
    # shim's own byte kernel (abtool_capture_bytes.py) copies, poisons and compares; elsewhere the
    # host does.

    def host(self, value):
        """The span's bytes in host memory."""
        if isinstance(value, bytes):
            return value
        span = self.span(value).detach()
        if not span.numel():
            return b""
        host = span.view(self.torch.uint8).to("cpu", copy=True)
        try:
            return host.numpy().tobytes()
        except (ImportError, RuntimeError):  # torch without numpy
            return bytes(host.untyped_storage())

    def ready_event(self, value):
        """An event on the current stream, recorded once the work that makes `value` (a snapshot
        copy) is queued: what a writer thread waits for before it reads it (host_when_ready).
        None for bytes and host tensors."""
        if isinstance(value, bytes) or not value.is_cuda:
            return None
        event = self.torch.cuda.Event()
        event.record(self.torch.cuda.current_stream(value.device))
        return event

    def host_when_ready(self, value, ready):
        """The span's bytes in host memory (a buffer), read on a writer thread: on a stream of the
        thread's own that waits for `ready` alone (the legacy default stream would wait for all
        the workload's work, and hold its next launches behind the copy), into pinned memory
        kept by the thread (a pageable copy goes at a fraction of the bus's speed). The buffer is
        the thread's until its next call."""
        if ready is None:
            return self.host(value)
        torch = self.torch
        span = self.span(value).detach()
        if not span.numel():
            return b""
        raw = span.view(torch.uint8).reshape(-1)
        local = self._writers
        stream = getattr(local, "stream", None)
        if stream is None or stream.device != raw.device:
            local.stream = stream = torch.cuda.Stream(raw.device)
        pinned = getattr(local, "pinned", None)
        if pinned is None or pinned.numel() < raw.numel():
            local.pinned = pinned = None
            if raw.numel() <= _MOST_PINNED_BYTES:
                try:
                    local.pinned = pinned = torch.empty(raw.numel(), dtype=torch.uint8, pin_memory=True)
                except RuntimeError:  # no page-locked memory to be had
                    pass
        if pinned is None:  # a pageable copy
            with torch.cuda.stream(stream):
                stream.wait_event(ready)
                return raw.to("cpu", copy=True).numpy().data
        with torch.cuda.stream(stream):
            stream.wait_event(ready)
            pinned[:raw.numel()].copy_(raw, non_blocking=True)
        stream.synchronize()
        return pinned[:raw.numel()].numpy().data

    def sample(self, value, itemsize, limit, runs):
        """`runs` evenly spaced runs of the span's elements, `limit` bytes in all at most, read to the
        host (contiguous slices of the span: copies, no kernel)."""
        if isinstance(value, bytes):
            count = len(value) // itemsize
            return b"".join(value[start * itemsize:(start + length) * itemsize] for start, length in _runs(count, itemsize, limit, runs))
        span = self.span(value).detach()
        return b"".join(self.host(span[start:start + length]) for start, length in _runs(span.numel(), itemsize, limit, runs))

    def copy(self, value, poison=None):
        """A copy of the tensor's span; `poison`: a byte every byte of it is set to instead (0x70..0x7F:
        large finite values in fp16, bf16 and fp32, no NaN, so arithmetic on them runs its course)."""
        storage = self.empty(value.storage_offset() + self.extent(value), value.dtype, value.device)
        copied = self.torch.as_strided(storage, value.shape, value.stride(), value.storage_offset())
        device = self.device_bytes(value)
        if device is not None:
            if poison is not None:
                device.fill(self.raw(storage), poison)
            else:
                device.copy(self.raw(self.span(value)), self.raw(self.span(copied)))
        elif poison is not None:
            raw = storage.view(self.torch.uint8)
            raw.copy_(self.torch.full((raw.numel(),), poison, dtype=self.torch.uint8))
        else:
            self.span(copied).copy_(self.span(value))
        return copied

    def still_poisoned(self, copied, poison):
        device = self.device_bytes(copied)
        if device is not None:
            return not device.differs(self.raw(self.span(copied)), poison=poison)
        return not self.host(copied).lstrip(bytes([poison]))

    def snapshot(self, value):
        """What the tensor holds now, for `differs` and `host` later: a copy on its device (a
        host's copy where the device has no room or no byte kernels)."""
        if self.device_bytes(value) is not None:
            try:
                return self.copy(value)
            except RuntimeError:  # out of device memory: the host keeps it
                pass
        return self.host(value)

    def differs(self, value, other):
        """Whether two tensors of one layout (or a snapshot's bytes and a tensor) differ in their spans."""
        if not isinstance(value, bytes):
            device = self.device_bytes(value)
            if device is not None and other.device == value.device:
                return device.differs(self.raw(self.span(value)), self.raw(self.span(other)))
        return self.host(value) != self.host(other)

    def raw(self, span):
        return span.detach().view(self.torch.uint8)

    def device_bytes(self, value):
        """The device's byte kernels for a CUDA tensor's memory; None: the host does the work."""
        if not value.is_cuda:
            return None
        if self._device_bytes is None:
            try:
                from abtool_capture_bytes import DeviceBytes
                device = DeviceBytes(self.torch, self.empty)
                # Compiled and tried once, here: a kernel that cannot be made or gives wrong answers
                # on this device leaves the work to the host rather than failing a record.
                probe = self.empty(64, self.torch.uint8, value.device)
                device.fill(probe, 0x7F)
                if device.differs(probe, poison=0x7F) or not device.differs(probe, poison=0x70):
                    raise RuntimeError("the byte kernel gives wrong answers")
                self._device_bytes = device
            except Exception:  # noqa: BLE001 - no Triton to make it with, or it does not work: the host does it
                self._device_bytes = False
        return self._device_bytes or None

    def synchronize(self):
        if self.torch.cuda.is_available():
            self.torch.cuda.synchronize()
