"""What the groups of conformance.py share: a client of the emulator, unique names, and the check that raises."""

import uuid

from langsmith import Client


def unique(prefix: str) -> str:
    """`prefix` and eight hex digits, a name no other run uses."""
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def client(**kwargs) -> Client:
    """A client of the emulator (LANGSMITH_ENDPOINT and LANGSMITH_API_KEY), with `kwargs`."""
    return Client(**kwargs)


def check(condition: bool, what: str) -> None:
    """Raises AssertionError(`what`) unless `condition` holds."""
    if not condition:
        raise AssertionError(what)
