"""abtool's capture shim: the tuners around a launch (abtool_capture.py's part): the stack of
tuners on each thread, what each tuner's config space, pick, grids and tiles are, and the patches
that put a tuner on the stack while it runs. Which kind a tuner is comes from tuner_kinds.json,
the table abtool reads too."""
import json
import os
import threading

from abtool_capture_values import _is_descriptor, _plain

_state = threading.local()
_lock = threading.RLock()


def _stack():
    if not hasattr(_state, "tuners"):
        _state.tuners = []
        _state.inside = False  # the shim is at work on this thread: launches pass through
    return _state.tuners


def _innermost(stack):
    """The tuner whose config space a launch belongs to, with the heuristics between it and the kernel."""
    tuner = next((c for c in reversed(stack) if c.tunes_configs), None)
    if tuner is None and stack:
        tuner = stack[-1]
    if tuner is not None:
        tuner.heuristics = sorted({name for c in stack if not c.tunes_configs for name in c.tuner.values})
    return tuner


class _TunerContext:
    def __init__(self, tuner, kind, args, kwargs):
        self.tuner, self.kind, self.args, self.kwargs = tuner, kind, args, kwargs
        # a config space abtool replays (triton.autotune, LibTuner), or values it computes (triton.heuristics)
        self.tunes_configs = any(entry["kind"] == kind and entry["tunes_configs"] for entry in _tuner_kinds())
        self.benchmarking = None
        self.benchmark_grids = {}
        self.benchmark_constants = {}  # config text -> the constexprs its launches took (heuristics may differ)
        # config text -> {argument: tile} of its tensor descriptors (a config's pre_hook sets them, as FlagGems' mm does)
        self.benchmark_blocks = {}
        self.benchmark_ms = {}  # config text -> the time the tuner's own benchmark measured (its median)
        self.heuristics = []

    def note_benchmark(self, kernel, grid, call_args):
        text = _config_text(self.benchmarking)
        self.benchmark_grids[text] = [int(g) for g in grid]
        src = getattr(kernel, "src", None)
        constants = getattr(src, "constants", None) or getattr(src, "constexprs", None) or {}
        names = list(getattr(src, "signature", None) or {})
        self.benchmark_blocks[text] = {names[i]: [int(b) for b in value.block_shape] for i, value in enumerate(call_args)
                                       if i < len(names) and _is_descriptor(value)}
        self.benchmark_constants[text] = {names[path[0]]: _plain(value) for path, value in constants.items()
                                          if isinstance(path, tuple) and len(path) == 1 and path[0] < len(names)}

    def describe(self, kernel, args):
        if not self.tunes_configs:
            return {"kind": self.kind, "heuristics": self.heuristics, "keys": [], "configs": [], "chosen": None,
                    "grids": [], "why": {}}
        tuner = self.tuner
        configs = list(getattr(tuner, "configs", []) or [])
        best = getattr(tuner, "best_config", None)
        names = list(getattr(tuner, "arg_names", []) or [])
        grid_fn = self.kwargs.get("grid")
        launched = {a["name"]: a.get("value") for a in args if a["kind"] in ("constexpr", "specialized")}
        grids, why = [], {}
        for index, config in enumerate(configs):
            text = _config_text(config)
            grid = self.benchmark_grids.get(text)
            if grid is not None:
                tuned = set(config.all_kwargs())
                differing = sorted(name for name, value in self.benchmark_constants.get(text, {}).items()
                                   if name not in tuned and launched.get(name, value) != value)
                if differing:  # a heuristic of the config: the point's other constexprs would not hold for it
                    why[index] = f"its launches took other values of {', '.join(differing)} (a heuristic of the config)"
                    grid = None
            elif self.heuristics:
                why[index] = "not benchmarked here, and heuristics under the tuner may give it other constexprs"
            elif callable(grid_fn):
                try:
                    meta = {**dict(zip(names, self.args)), **self.kwargs, **config.all_kwargs()}
                    grid = [int(g) for g in tuple(grid_fn(meta)) + (1, 1)][:3]
                except Exception as error:  # noqa: BLE001 - that config's grid stays unknown
                    why[index] = f"its grid could not be evaluated: {error}"
            elif grid_fn is not None:
                grid = [int(g) for g in tuple(grid_fn) + (1, 1)][:3]
            grids.append(grid)
        chosen = None
        for index, config in enumerate(configs):
            if best is not None and config.all_kwargs() == best.all_kwargs():
                chosen = index
        keys = list(getattr(tuner, "keys", []) or [])
        return {"kind": self.kind, "keys": keys, "configs": [_config_json(c) for c in configs], "chosen": chosen,
                "grids": grids, "blocks": [self.benchmark_blocks.get(_config_text(c)) for c in configs],
                "why": {str(k): v for k, v in why.items()}, "heuristics": self.heuristics,
                "timings_ms": [self.benchmark_ms.get(_config_text(c)) for c in configs],
                "restore_value": list(getattr(tuner, "restore_value", []) or []),
                "reset_to_zero": list(getattr(tuner, "reset_to_zero", []) or [])}


def _config_json(config):
    return {"kwargs": {k: _plain(v) for k, v in config.kwargs.items()}, "num_warps": config.num_warps,
            "num_stages": config.num_stages, "num_ctas": getattr(config, "num_ctas", 1),
            "maxnreg": getattr(config, "maxnreg", None), "pre_hook": getattr(config, "pre_hook", None) is not None}


def _first_number(measured):
    """A tuner benchmark's time: do_bench's median, first of its quantiles; None if not a finite number."""
    value = measured[0] if isinstance(measured, (list, tuple)) and measured else measured
    try:
        value = float(value)
    except (TypeError, ValueError):
        return None
    return value if value == value and value not in (float("inf"), float("-inf")) else None


def _config_text(config):
    return json.dumps(_config_json(config), sort_keys=True, default=str) if config is not None else ""


_capture = None


def _wrap_tuner_init(tuner_class, kind_of):
    original_init = tuner_class.__init__
    if getattr(original_init, "_abtool_patched", False):
        return

    def __init__(self, *args, **kwargs):
        original_init(self, *args, **kwargs)
        bound_run = self.run

        def run(*call_args, **call_kwargs):
            stack = _stack()
            stack.append(_TunerContext(self, kind_of(self), call_args, call_kwargs))
            try:
                return bound_run(*call_args, **call_kwargs)
            finally:
                stack.pop()

        self.run = run

    __init__._abtool_patched = True
    tuner_class.__init__ = __init__


_KINDS = []  # tuner_kinds.json's entries, read once


def _tuner_kinds():
    """The tuners a capture knows (tuner_kinds.json beside this file; abtool reads the same table)."""
    if not _KINDS:
        with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "tuner_kinds.json")) as handle:
            _KINDS.extend(json.load(handle)["kinds"])
    return _KINDS


def _kind_of(tuner, kinds):
    """The kind of the first entry one of whose classes the tuner's type is, or derives from."""
    classes = {c.__name__ for c in type(tuner).__mro__}
    return next((kind["kind"] for kind in kinds if classes.intersection(kind["classes"])), "none")


def _patch_autotuner(module):
    kinds = _tuner_kinds()
    _wrap_tuner_init(module.Autotuner, lambda tuner: _kind_of(tuner, kinds))
    if hasattr(module, "Heuristics"):
        _wrap_tuner_init(module.Heuristics, lambda tuner: _kind_of(tuner, kinds))
    original_bench = module.Autotuner._bench
    if not getattr(original_bench, "_abtool_patched", False):
        def _bench(self, *args, config, **kwargs):
            stack = _stack()
            context = next((c for c in reversed(stack) if c.tuner is self), None)
            if context is not None:
                context.benchmarking = config
            try:
                measured = original_bench(self, *args, config=config, **kwargs)
                if context is not None:
                    context.benchmark_ms[_config_text(config)] = _first_number(measured)
                return measured
            finally:
                if context is not None:
                    context.benchmarking = None

        _bench._abtool_patched = True
        module.Autotuner._bench = _bench
