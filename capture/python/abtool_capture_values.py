"""abtool's capture shim: argument values as a capture records them (abtool_capture.py's part):
plain Python values and Triton objects by the expressions abtool's compile rebuilds, the problems
that keep a launch from being replayed, host tensor descriptors."""
import enum
import re
import sys


def _problem(code, text):
    """Why a specialization cannot be replayed: a code of capture/src/capture_miss.h and the sentence."""
    return {"code": code, "text": text}


def _plain(value):
    """A constexpr's or scalar's value as JSON: None, a bool, a number or a string as itself; what
    abtool's Triton compile rebuilds from an expression (opspec/constexpr_literal.h) as {"python":
    the expression}: a Triton dtype (`tl.bfloat16`), a tuple of plain values (`(16, 'ieee')`), an
    enum member (`enum:module:Class.MEMBER`); anything else as {"object": its repr}, not replayable.
    A tl.constexpr wrapper is its value."""
    if type(value).__name__ == "constexpr" and hasattr(value, "value"):
        value = value.value
    if isinstance(value, enum.Enum):
        cls = type(value)
        module = getattr(cls, "__module__", "")
        if module and module != "__main__" and "<" not in cls.__qualname__:
            return {"python": f"enum:{module}:{cls.__qualname__}.{value.name}"}
        return {"object": repr(value)}
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    name = _triton_dtype_name(value)
    if name is not None:
        return {"python": "tl." + name}
    if isinstance(value, tuple) and all(v is None or isinstance(v, (bool, int, float, str)) for v in value):
        return {"python": repr(value)}
    return {"object": repr(value)}


_dtype_names = {}  # a Triton dtype's name ("bf16") -> its name in triton.language ("bfloat16")


def _triton_dtype_name(value):
    """triton.language's name of a Triton dtype (`tl.bfloat16` -> "bfloat16"); None for anything else."""
    language = sys.modules.get("triton.language")
    if language is None or type(value) is not getattr(language, "dtype", None):
        return None
    if not _dtype_names:
        for name in dir(language):
            candidate = getattr(language, name, None)
            if type(candidate) is language.dtype:
                _dtype_names.setdefault(candidate.name, name)
    return _dtype_names.get(value.name)


def _is_descriptor(value):
    """A host tensor descriptor (triton.tools.tensor_descriptor.TensorDescriptor, Gluon's too)."""
    return type(value).__name__ == "TensorDescriptor" and all(
        hasattr(value, field) for field in ("base", "shape", "strides", "block_shape", "padding"))


def _descriptor_problem(value, signature_type, tensors):
    """Why abtool cannot launch this descriptor as Triton does (None: it can)."""
    if not tensors.is_tensor(value.base):
        return f"a tensor descriptor over a {type(value.base).__name__}, not a tensor"
    if not isinstance(signature_type, str) or not re.fullmatch(r"tensordesc<\w+\[[\d, ]+\]>", signature_type):
        return f"a tensor descriptor of type {signature_type} (a Gluon shared layout, or unknown to abtool)"
    if value.padding not in ("zero", "nan"):
        return f"a tensor descriptor padded with '{value.padding}'"
    return None


def _with_tensor(value, tensor):
    """`value` over `tensor` instead: a tensor descriptor over a copy (the same shape, strides,
    block and padding), or the copy itself."""
    if _is_descriptor(value):
        import dataclasses
        return dataclasses.replace(value, base=tensor)
    return tensor
