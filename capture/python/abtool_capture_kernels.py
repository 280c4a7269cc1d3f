"""abtool's capture shim: which kernel a launch ran (abtool_capture.py's part): its identity, where
its source can be loaded again from, the globals a copied module needs, and what its IR may read."""
import inspect
import os
import re
import sys


def _kernel_name(kernel):
    fn = getattr(getattr(kernel, "src", None), "fn", None)
    return getattr(fn, "__name__", None) or getattr(kernel, "name", "?")


def _kernel_identity(fn, kernel):
    """Where the kernel's source is: its module (imported again by abtool's Triton helper, so the
    kernel sees its module's globals) and file, or its own text when the module cannot be imported."""
    python_fn = getattr(fn, "fn", None)
    identity = {"name": getattr(python_fn, "__name__", None) or kernel.name, "module": None, "file": None,
                "qualname": getattr(python_fn, "__qualname__", None), "importable": False, "source": None, "why": None}
    if python_fn is None:
        identity["why"] = "not a @triton.jit function (no Python source)"
        return identity
    identity["module"] = python_fn.__module__
    try:
        identity["file"] = inspect.getsourcefile(python_fn)
    except TypeError:
        identity["file"] = None
    identity["source"] = getattr(fn, "_src", None)
    identity["line"] = getattr(fn, "starting_line_number", None)
    if identity["module"] == "__main__":
        identity["why"] = "defined in the script itself (__main__): importing it again would run the workload"
    elif "<locals>" in (identity["qualname"] or ""):
        identity["why"] = "defined inside a function: it has no module attribute to import"
    else:
        module = sys.modules.get(identity["module"])
        found = getattr(module, identity["name"], None) if module is not None else None
        while found is not None and found is not fn and hasattr(found, "fn"):
            found = found.fn
        if found is not fn:
            identity["why"] = f"{identity['module']}.{identity['name']} is not this kernel (generated, or shadowed)"
        elif not _file_is_module(identity["file"], identity["module"]):
            # A name a generator gave a module it put in sys.modules itself (torch.compile's
            # kernels): a new interpreter would not find it under that name.
            identity["why"] = f"{identity['module']} is not {identity['file']} on any import path (a generated module)"
        else:
            identity["importable"] = True
    if not identity["importable"] and identity["file"] and os.path.isfile(identity["file"]) and identity["module"] != "__main__":
        # A generated module (FlagGems' pointwise_dynamic writes one per op and rank into its cache,
        # then gives it the globals of the op's scalar function): its file is copied into the
        # capture, and the functions it calls that live elsewhere are named, to be bound again.
        with open(identity["file"], encoding="utf-8", errors="replace") as handle:
            identity["file_text"] = handle.read()
        identity["binds"], unbound = _foreign_globals(python_fn, identity["file_text"], identity["file"])
        if unbound:
            identity["why"] += f"; it calls {', '.join(unbound)}, which cannot be imported"
        else:
            identity["loadable_from_copy"] = True
    return identity


def _file_is_module(file, module):
    """The file is where `import module` finds it: its path ends with the module's dotted path."""
    if not file:
        return False
    stem = os.path.splitext(os.path.abspath(file))[0]
    if os.path.basename(stem) == "__init__":
        stem = os.path.dirname(stem)
    return stem.replace(os.sep, ".").endswith("." + module) or stem.replace(os.sep, ".") == module


def _foreign_globals(python_fn, file_text, file):
    """The globals the kernel (and the @triton.jit functions of its file it calls) use that the
    file itself does not define -- FlagGems gives its generated modules the globals of the op's
    scalar function -- as name -> "module:attribute" (or "module" for a module); and the names
    of those found nowhere importable."""
    defined = {}
    try:
        # Its own file name: @triton.jit reads the source of what it decorates from there.
        exec(compile(file_text, file, "exec"), defined)  # noqa: S102
    except Exception:  # noqa: BLE001 - then everything the code names is looked for
        defined = {}
    names, seen, pending = set(), set(), [python_fn]
    while pending:  # the kernel, then the jit functions of its own file that it calls
        function = pending.pop()
        for name in _code_names(function.__code__):
            names.add(name)
            # The file's own definition is what the copy runs, also where the module's globals were
            # given another function of that name since (FlagGems: the op's scalar function itself).
            value = defined.get(name) if name in defined else python_fn.__globals__.get(name)
            inner = getattr(value, "fn", None)
            if inner is not None and getattr(getattr(inner, "__code__", None), "co_filename", None) == \
                    python_fn.__code__.co_filename and name not in seen:
                seen.add(name)
                pending.append(inner)
    binds, unbound = {}, []
    for name in sorted(names):
        if name in defined or name not in python_fn.__globals__ or name in seen:
            continue
        value = python_fn.__globals__[name]
        if isinstance(value, (int, float, bool, str)) or value is None:
            unbound.append(name)  # a plain value: no module to bind it from
            continue
        target = _importable_as(name, value)
        if target:
            binds[name] = target
        else:
            unbound.append(name)
    return binds, unbound


def _importable_as(name, value):
    if inspect.ismodule(value) and sys.modules.get(value.__name__) is value:
        return value.__name__
    owner = getattr(getattr(value, "fn", value), "__module__", None)
    for module_name in [owner] + sorted(sys.modules):
        module = sys.modules.get(module_name) if module_name else None
        if module is None or module_name.startswith("_gen_module_"):
            continue
        try:
            if module.__dict__.get(name) is value:  # the namespace itself: no lazy attribute is run
                return f"{module_name}:{name}"
        except Exception:  # noqa: BLE001 - a module object without a plain namespace
            continue
    return None


def _code_names(code):
    yield from code.co_names
    for constant in code.co_consts:
        if hasattr(constant, "co_names"):
            yield from _code_names(constant)


def _kernel_ttir(kernel):
    """The kernel's Triton IR (CompiledKernel.asm["ttir"]), or None."""
    try:
        return kernel.asm["ttir"]
    except Exception:  # noqa: BLE001 - a kernel without it: its integer tensors are not poisoned
        return None


# Operations through which a kernel may read memory a pointer (or a value made from it) reaches.
_READING_OPS = ("load", "atomic", "gather", "call", "asm", "extern", "prefetch")


def _params_read(ttir):
    """The names of the parameters whose memory the kernel may read, from its Triton IR (a pointer
    flows through splat/addptr/loops into a tt.load, an atomic, a call ...); None if the IR cannot
    be read. Over-approximated: every value made on a line that mentions a parameter's value is
    that parameter's too."""
    if not ttir:
        return None
    lines = ttir.splitlines()
    header = next((line for line in lines if "tt.func" in line), None)
    if header is None:
        return None
    params = re.findall(r"%([\w.$-]+): ", header[header.find("("):])  # each followed by its type and loc(...)
    body = [line.split(" loc(")[0] for line in lines if "tt.func" not in line and not line.startswith("#loc")]
    read = set()
    for param in params:
        reaching, changed = {param}, True
        while changed and param not in read:  # to a fixed point: loops carry values made later in the text
            changed = False
            for line in body:
                if not set(re.findall(r"%([\w.$-]+)", line)) & reaching:
                    continue
                head = line.split("(")[0]
                operation = (line.split("=", 1)[1] if "=" in head else line).split()
                if operation and any(word in operation[0] for word in _READING_OPS):
                    read.add(param)
                    break
                made = set(re.findall(r"%([\w.$-]+)(?::\d+)?\s*=", line)) - reaching
                if made:
                    reaching |= made
                    changed = True
    return read
