"""The groups of conformance.py for feedback configurations and annotation queues: the queues, their runs (seeded; by id and by key) and their reviews."""

import uuid

from conformance_support import check, client, unique


def feedback_configs() -> None:
    from langsmith.utils import LangSmithNotFoundError

    c = client()
    key = unique("correctness")
    created = c.create_feedback_config(key, feedback_config={"type": "continuous", "min": 0, "max": 1})
    check(created.feedback_key == key, f"create_feedback_config: {created!r}")
    listed = list(c.list_feedback_configs(feedback_key=[key]))
    check([f.feedback_key for f in listed] == [key], f"list_feedback_configs: {listed!r}")
    updated = c.update_feedback_config(key, feedback_config={"type": "continuous", "min": 0, "max": 10}, is_lower_score_better=True)
    check(updated.feedback_config["max"] == 10 and updated.is_lower_score_better is True, f"update_feedback_config: {updated!r}")
    c.delete_feedback_config(key)
    check(list(c.list_feedback_configs(feedback_key=[key])) == [], "delete_feedback_config left the configuration")
    # By the configuration's id (config_id), as the SDK sends it: the body's id beside the key, ?id= alone.
    other = c.create_feedback_config(key, feedback_config={"type": "freeform"})
    check(other.id is not None, f"create_feedback_config: no id {other!r}")
    check([f.id for f in c.list_feedback_configs(feedback_key=[key])] == [other.id], "list_feedback_configs: the id")
    by_id = c.update_feedback_config(key, config_id=other.id, is_lower_score_better=False)
    check(by_id.id == other.id and by_id.is_lower_score_better is False, f"update_feedback_config(config_id): {by_id!r}")
    try:
        c.update_feedback_config(unique("other-key"), config_id=other.id, is_lower_score_better=True)
    except LangSmithNotFoundError:
        pass
    else:
        raise AssertionError("update_feedback_config(config_id) with another key changed the configuration")
    c.delete_feedback_config(config_id=other.id)
    check(list(c.list_feedback_configs(feedback_key=[key])) == [], "delete_feedback_config(config_id) left the configuration")


def annotation_queues() -> None:
    c = client()
    name = unique("queue")
    created = c.create_annotation_queue(name=name, description="review")
    read = c.read_annotation_queue(created.id)
    check(read.name == name and read.description == "review", f"read_annotation_queue: {read!r}")
    check([q.id for q in c.list_annotation_queues(name_contains=name)] == [created.id], "list_annotation_queues(name_contains)")
    c.update_annotation_queue(created.id, name=f"{name}-2", description="changed")
    check(c.read_annotation_queue(created.id).name == f"{name}-2", "update_annotation_queue did not rename the queue")
    c.delete_annotation_queue(created.id)
    check(list(c.list_annotation_queues(name_contains=name)) == [], "delete_annotation_queue left the queue")


def annotation_queue_runs() -> None:
    import os

    c = client()
    first, second = os.environ["CONFORMANCE_RUN_IDS"].split(",")
    queue = c.create_annotation_queue(name=unique("review"))
    c.add_runs_to_annotation_queue(queue.id, run_ids=[first, second])
    run = c.get_run_from_annotation_queue(queue.id, index=0)
    check(str(run.id) == first and run.name == "answer" and run.inputs == {"question": "2+2"}, f"get_run_from_annotation_queue(0): {run!r}")
    check(run.added_at is not None, "get_run_from_annotation_queue: added_at")
    check(str(c.get_run_from_annotation_queue(queue.id, index=1).id) == second, "get_run_from_annotation_queue(1)")
    check([str(r.id) for r in c.list_runs_from_annotation_queue(queue.id)] == [first, second], "list_runs_from_annotation_queue")
    check(list(c.list_runs_from_annotation_queue(queue.id, status="completed")) == [], "list_runs_from_annotation_queue(status=completed)")
    c.delete_run_from_annotation_queue(queue.id, run_id=first)
    check(str(c.get_run_from_annotation_queue(queue.id, index=0).id) == second, "delete_run_from_annotation_queue left the run")
    c.delete_annotation_queue(queue.id)


def annotation_queue_runs_by_key() -> None:
    import datetime
    import os

    from langsmith.utils import LangSmithNotFoundError

    c = client()
    first, second = os.environ["CONFORMANCE_RUN_IDS"].split(",")
    project = os.environ["CONFORMANCE_PROJECT_ID"]
    queue = c.create_annotation_queue(name=unique("review-by-key"))
    started = datetime.datetime(2026, 10, 1, tzinfo=datetime.timezone.utc)
    c.add_runs_to_annotation_queue(
        queue.id,
        runs=[
            {"run_id": first, "session_id": project, "start_time": started},
            {"run_id": second, "session_id": project, "start_time": "2026-10-01T00:01:00+00:00"},
        ],
    )
    check([str(r.id) for r in c.list_runs_from_annotation_queue(queue.id)] == [first, second], "add_runs_to_annotation_queue(runs=)")
    for wrong in ({"session_id": str(uuid.uuid4()), "start_time": started}, {"session_id": project, "start_time": started + datetime.timedelta(days=1)}):
        try:
            c.add_runs_to_annotation_queue(queue.id, runs=[{"run_id": first, **wrong}])
        except LangSmithNotFoundError:
            pass
        else:
            raise AssertionError(f"add_runs_to_annotation_queue(runs=) with a key that does not locate the run: {wrong!r}")
    c.delete_annotation_queue(queue.id)


def annotation_queue_reviews() -> None:
    import asyncio
    import os

    c = client()
    first, second = os.environ["CONFORMANCE_RUN_IDS"].split(",")
    queue = c.create_annotation_queue(name=unique("reviewed"))
    c.add_runs_to_annotation_queue(queue.id, run_ids=[first, second])
    entries: list[str] = []

    async def review() -> None:
        queued = await c.annotation_queues.runs.list(str(queue.id))
        check([r.id for r in queued] == [first, second], f"annotation_queues.runs.list: {queued!r}")
        entries.extend(str(r.queue_run_id) for r in queued)
        answer = await c.annotation_queues.items.create_status(str(entries[0]), status="completed")
        check(answer.status == "completed" and answer.queue_item_id == str(entries[0]), f"items.create_status: {answer!r}")
        await c.annotation_queues.items.create_status(str(entries[1]), override_added_at="2026-01-01T00:00:00Z")

    asyncio.run(review())
    completed = list(c.list_runs_from_annotation_queue(queue.id, status="completed"))
    check([str(r.id) for r in completed] == [first] and completed[0].last_reviewed_time is not None, f"list_runs_from_annotation_queue(completed): {completed!r}")
    check([str(r.id) for r in c.list_runs_from_annotation_queue(queue.id, status="needs_my_review")] == [second], "list_runs_from_annotation_queue(needs_my_review)")
    check([str(r.id) for r in c.list_runs_from_annotation_queue(queue.id)] == [second, first], "override_added_at did not move the run first")

    async def reopen() -> None:
        await c.annotation_queues.create_run_status(str(entries[0]), status=None)

    asyncio.run(reopen())
    check(list(c.list_runs_from_annotation_queue(queue.id, status="completed")) == [], "create_run_status(status=None) left the run reviewed")
    c.delete_annotation_queue(queue.id)
