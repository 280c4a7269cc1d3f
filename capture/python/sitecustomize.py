"""Installs abtool's capture shim in every Python process of a workload (`abtool capture`), then
runs the sitecustomize this one shadows on the path, if there is one."""
import importlib.machinery
import importlib.util
import os
import sys

_here = os.path.dirname(os.path.abspath(__file__))
# torch.compile's kernels launch through Triton's launcher, where the shim sees them, instead of
# inductor's own static CUDA launcher, which it cannot.
os.environ.setdefault("TORCHINDUCTOR_USE_STATIC_CUDA_LAUNCHER", "0")
try:
    import abtool_capture

    abtool_capture.install()
except Exception as error:  # noqa: BLE001 - the workload must run even if the shim cannot
    sys.stderr.write(f"abtool capture: the shim could not start: {error}\n")

_rest = [p for p in sys.path if os.path.abspath(p or ".") != _here]
_spec = importlib.machinery.PathFinder.find_spec("sitecustomize", _rest)
if _spec is not None and _spec.origin and os.path.dirname(os.path.abspath(_spec.origin)) != _here:
    _module = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(_module)
