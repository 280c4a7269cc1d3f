"""The capture shim's device byte kernel: copy, fill and compare of device memory, uint8 spans.

Imported by abtool_capture.py at the first CUDA tensor it looks at, so that Triton is imported
by the workload first. A Triton kernel of abtool's own, launched on torch's current stream: the
shim's copies and compares of big tensors stay on the device (through the host they were most of
its time), and no library's kernel runs for them (FlagGems' use_gems makes torch's copy_, eq and
fill_ its own kernels). Its launches pass through the shim like all it makes (Capture.launch).
One kernel, its job a run-time argument and nothing specialized on (alignment, sizes): Triton
compiles it once per process, or finds it in its cache.
"""
import triton
import triton.language as tl

BLOCK = 16384
FILL, COPY, DIFFERS_FROM_VALUE, DIFFERS = 0, 1, 2, 3


@triton.jit(do_not_specialize=["n", "value", "job"], do_not_specialize_on_alignment=["target", "source", "flag"])
def abtool_bytes(target, source, flag, n, value, job, BLOCK: tl.constexpr):
    offsets = tl.program_id(0).to(tl.int64) * BLOCK + tl.arange(0, BLOCK)
    mask = offsets < n
    pattern = tl.full((BLOCK,), value, tl.int32).to(tl.uint8)
    if job == 0:  # FILL
        tl.store(target + offsets, pattern, mask=mask)
    elif job == 1:  # COPY
        tl.store(target + offsets, tl.load(source + offsets, mask=mask), mask=mask)
    else:  # DIFFERS_FROM_VALUE, DIFFERS: the flag set where target's bytes are not the value's, or source's
        mine = tl.load(target + offsets, mask=mask, other=0)
        theirs = tl.load(source + offsets, mask=mask & (job == 3), other=0)
        theirs = tl.where(job == 3, theirs, pattern)
        differing = tl.sum(((mine != theirs) & mask).to(tl.int32), axis=0)
        tl.store(flag, 1, mask=differing > 0)


class DeviceBytes:
    def __init__(self, torch, empty):
        self.torch = torch
        self.empty = empty  # TorchTensors.empty: memory outside any pool the workload routes to

    def run(self, job, target, source=None, flag=None, value=0):
        n = target.numel()
        if n:
            abtool_bytes[(triton.cdiv(n, BLOCK),)](target, target if source is None else source,
                                                   target if flag is None else flag, n, value, job, BLOCK=BLOCK)

    def fill(self, target, value):
        self.run(FILL, target, value=value)

    def copy(self, source, target):
        self.run(COPY, target, source)

    def differs(self, first, second=None, poison=None):
        """Whether `first` differs from `second`, or (`poison`) from that byte everywhere."""
        if not first.numel():
            return False
        flag = self.empty(4, self.torch.uint8, first.device)
        self.fill(flag, 0)
        if second is None:
            self.run(DIFFERS_FROM_VALUE, first, flag=flag, value=poison or 0)
        else:
            self.run(DIFFERS, first, second, flag=flag)
        return bool(flag.to("cpu").any())
