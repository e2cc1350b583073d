"""The groups of conformance.py for the instance and tracing: GET /info, projects, and traces (which the emulator refuses)."""

from conformance_support import check, client, unique


def info() -> None:
    import logging

    from langsmith._internal import _backend_version

    c = client()
    check((c.info.instance_flags or {}).get("dataset_examples_multipart_enabled") is True, f"GET /info's instance_flags: {c.info.instance_flags!r}")
    warnings: list[str] = []

    class Collect(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            warnings.append(record.getMessage())

    handler = Collect(level=logging.WARNING)
    _backend_version.logger.addHandler(handler)
    # The newest minimum the SDK's methods name.
    _backend_version._check_backend_version(c.info.version, min_version="0.18.0")
    _backend_version.logger.removeHandler(handler)
    check(warnings == [], f"the SDK warns about GET /info's version {c.info.version!r}: {warnings!r}")


def projects() -> None:
    c = client()
    name = unique("project")
    created = c.create_project(name, description="made by the SDK", metadata={"team": "ci"})
    check(created.name == name, f"create_project answered {created.name!r}")
    read = c.read_project(project_name=name)
    check(read.id == created.id and read.description == "made by the SDK", f"read_project: {read!r}")
    check(any(p.id == created.id for p in c.list_projects(name_contains=name)), "list_projects(name_contains) lacks the project")
    c.update_project(created.id, description="changed")
    check(c.read_project(project_id=created.id).description == "changed", "update_project did not change the description")
    c.delete_project(project_id=created.id)
    check(not any(p.id == created.id for p in c.list_projects(name_contains=name)), "delete_project left the project listed")


def tracing() -> None:
    import time

    from langsmith import traceable
    from langsmith.utils import LangSmithError

    c = client()

    @traceable(client=c)
    def add_one(x: int) -> int:
        return x + 1

    started = time.monotonic()
    check(add_one(1) == 2, "a traced function's result")
    c.flush()
    check(time.monotonic() - started < 10, "flushing traces to the emulator took 10 s or more")
    try:
        c.create_run("not-emulated", inputs={}, run_type="chain")
    except LangSmithError as error:
        check("Not implemented by the emulator: POST /api/v1/runs" in str(error), f"create_run's error: {error}")
    else:
        raise AssertionError("create_run succeeded: trace ingestion is not emulated")
