"""The official `langsmith` Python SDK against the emulator, one group of calls at a time.

Usage: python conformance.py <group>   (LANGSMITH_ENDPOINT and LANGSMITH_API_KEY name the emulator)

Each group calls the SDK's methods as an application would and checks the values
it reads back; any failure raises (exit status 1, the traceback on stderr). On
success it prints the line "ok <group>" (the SDK may log after it). Run by
tests/integration/langsmithPython.test.ts.
"""

import sys
import uuid

from langsmith import Client
from langsmith import schemas


def unique(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def client(**kwargs) -> Client:
    return Client(**kwargs)


def check(condition: bool, what: str) -> None:
    if not condition:
        raise AssertionError(what)


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


def datasets() -> None:
    c = client()
    name = unique("dataset")
    created = c.create_dataset(name, description="evaluation set")
    read = c.read_dataset(dataset_name=name)
    check(read.id == created.id and read.description == "evaluation set", f"read_dataset: {read!r}")
    check([d.id for d in c.list_datasets(dataset_name_contains=name)] == [created.id], "list_datasets(dataset_name_contains)")
    check(list(c.list_dataset_versions(dataset_id=created.id)) == [], "list_dataset_versions of an empty dataset")
    first = c.create_example(dataset_id=created.id, inputs={"q": "a"}, split="train")
    second = c.create_example(dataset_id=created.id, inputs={"q": "b"})
    versions = list(c.list_dataset_versions(dataset_id=created.id))
    check(len(versions) == 2 and versions[0].as_of >= versions[1].as_of, f"list_dataset_versions: {versions!r}")
    c.update_dataset_tag(dataset_id=created.id, as_of=versions[1].as_of, tag="prod")
    tagged = c.read_dataset_version(dataset_id=created.id, tag="prod")
    check(tagged.as_of == versions[1].as_of and tagged.tags == ["prod"], f"read_dataset_version(tag): {tagged!r}")
    check([v.tags for v in c.list_dataset_versions(dataset_id=created.id)] == [[], ["prod"]], "list_dataset_versions: the tag")
    diff = c.diff_dataset_versions(dataset_id=created.id, from_version="prod", to_version="latest")
    check(diff.examples_added == [second.id] and diff.examples_removed == [] and diff.examples_modified == [], f"diff_dataset_versions: {diff!r}")
    c.update_example(first.id, inputs={"q": "a, changed"})
    then = list(c.list_examples(dataset_id=created.id, as_of="prod"))
    check([(e.id, e.inputs) for e in then] == [(first.id, {"q": "a"})], f"list_examples(as_of=<tag>): {[(e.id, e.inputs) for e in then]!r}")
    check(sorted(e.inputs["q"] for e in c.list_examples(dataset_id=created.id)) == ["a, changed", "b"], "list_examples after update_example")
    check(c.list_dataset_splits(dataset_id=created.id) == ["base", "train"], f"list_dataset_splits: {c.list_dataset_splits(dataset_id=created.id)!r}")
    c.update_dataset_splits(dataset_id=created.id, split_name="test", example_ids=[first.id, second.id])
    check(c.list_dataset_splits(dataset_id=created.id) == ["base", "test", "train"], "update_dataset_splits did not add the split")
    check(sorted(str(e.id) for e in c.list_examples(dataset_id=created.id, splits=["test"])) == sorted([str(first.id), str(second.id)]), "list_examples(splits) after update_dataset_splits")
    c.update_dataset_splits(dataset_id=created.id, split_name="train", example_ids=[first.id], remove=True)
    check(c.read_example(first.id).metadata["dataset_split"] == ["test"], f"update_dataset_splits(remove=True): {c.read_example(first.id).metadata!r}")
    c.delete_dataset(dataset_id=created.id)
    check(not c.has_dataset(dataset_name=name), "delete_dataset left the dataset")


def examples(multipart: bool) -> None:
    if multipart:
        # What GET /info answers decides it.
        c = client()
        check((c.info.instance_flags or {}).get("dataset_examples_multipart_enabled") is True, "GET /info lacks instance_flags.dataset_examples_multipart_enabled")
    else:
        # A LangSmith whose GET /info answers the flag off.
        c = client(info=schemas.LangSmithInfo(version="0.18.0", instance_flags={"dataset_examples_multipart_enabled": False}))
    dataset = c.create_dataset(unique("examples"))
    given = uuid.uuid4()
    c.create_examples(
        dataset_id=dataset.id,
        examples=[
            {"id": given, "inputs": {"question": "2+2"}, "outputs": {"answer": "4"}, "metadata": {"source": "ci"}, "split": "test"},
            {"inputs": {"question": "3+3"}, "outputs": {"answer": "6"}},
        ],
    )
    listed = list(c.list_examples(dataset_id=dataset.id))
    check(len(listed) == 2, f"list_examples answered {len(listed)} examples")
    one = c.read_example(given)
    check(one.inputs == {"question": "2+2"} and one.outputs == {"answer": "4"}, f"read_example: {one.inputs!r} {one.outputs!r}")
    check(one.metadata.get("source") == "ci" and one.metadata.get("dataset_split") == ["test"], f"read_example metadata: {one.metadata!r}")
    check([e.id for e in c.list_examples(dataset_id=dataset.id, splits=["test"])] == [given], "list_examples(splits)")
    other = next(e for e in listed if e.id != given)
    c.update_examples(dataset_id=dataset.id, updates=[{"id": given, "outputs": {"answer": "four"}}, {"id": other.id, "metadata": {"checked": True}}])
    check(c.read_example(given).outputs == {"answer": "four"}, "update_examples did not change the outputs")
    check(c.read_example(other.id).metadata.get("checked") is True, "update_examples did not change the metadata")
    c.delete_examples([other.id])
    check([e.id for e in c.list_examples(dataset_id=dataset.id)] == [given], "delete_examples left the example")
    c.delete_examples([given], hard_delete=True)
    check(list(c.list_examples(dataset_id=dataset.id)) == [], "delete_examples(hard_delete=True) left the example")
    c.delete_dataset(dataset_id=dataset.id)


def examples_upsert() -> None:
    import warnings

    c = client()
    check((c.info.instance_flags or {}).get("examples_multipart_enabled") is True, "GET /info lacks instance_flags.examples_multipart_enabled")
    dataset = c.create_dataset(unique("upserted"))
    given = uuid.uuid4()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        made = c.upsert_examples_multipart(
            upserts=[
                schemas.ExampleUpsertWithAttachments(dataset_id=dataset.id, id=given, inputs={"q": "1"}, outputs={"a": "one"}),
                schemas.ExampleUpsertWithAttachments(dataset_id=dataset.id, inputs={"q": "2"}),
            ]
        )
        check(made["count"] == 2 and made["example_ids"][0] == str(given), f"upsert_examples_multipart (create): {made!r}")
        changed = c.upsert_examples_multipart(upserts=[schemas.ExampleUpsertWithAttachments(dataset_id=dataset.id, id=given, inputs={"q": "1"}, outputs={"a": "uno"})])
        check(changed == {"count": 1, "example_ids": [str(given)]}, f"upsert_examples_multipart (update): {changed!r}")
    check(c.read_example(given).outputs == {"a": "uno"}, "upsert_examples_multipart did not change the example")
    check(len(list(c.list_examples(dataset_id=dataset.id))) == 2, "upsert_examples_multipart: the dataset's examples")
    c.delete_dataset(dataset_id=dataset.id)


def examples_attachments() -> None:
    c = client()
    dataset = c.create_dataset(unique("attached"))
    given = uuid.uuid4()
    image = bytes(range(256)) * 4
    c.create_examples(
        dataset_id=dataset.id,
        examples=[{"id": given, "inputs": {"q": "what is shown?"}, "attachments": {"image": ("image/png", image), "notes": ("text/plain", b"a cat")}}],
    )
    read = c.read_example(given)
    check(sorted(read.attachments) == ["image", "notes"], f"read_example attachments: {read.attachments!r}")
    check(read.attachments["image"]["reader"].read() == image and read.attachments["image"]["mime_type"] == "image/png", "read_example: the image")
    check(read.attachments["notes"]["reader"].read() == b"a cat", "read_example: the notes")
    listed = list(c.list_examples(dataset_id=dataset.id, include_attachments=True))
    check([sorted(e.attachments) for e in listed] == [["image", "notes"]], f"list_examples(include_attachments): {listed!r}")
    c.update_examples(
        dataset_id=dataset.id,
        updates=[
            schemas.ExampleUpdate(
                id=given,
                attachments={"caption": ("text/plain", b"a black cat")},
                attachments_operations=schemas.AttachmentsOperations(rename={"image": "photo"}, retain=[]),
            )
        ],
    )
    changed = c.read_example(given)
    check(sorted(changed.attachments) == ["caption", "photo"], f"update_examples(attachments_operations): {changed.attachments!r}")
    check(changed.attachments["photo"]["reader"].read() == image, "update_examples: the renamed image")
    check(changed.attachments["caption"]["reader"].read() == b"a black cat", "update_examples: the new attachment")
    c.delete_dataset(dataset_id=dataset.id)


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


def pull() -> None:
    import os

    c = client()
    name = os.environ["CONFORMANCE_PROMPT"]
    latest = c.pull_prompt(name)
    check(latest.messages[0].prompt.template == "You greet {person} warmly.", f"pull_prompt: {latest!r}")
    tagged = c.pull_prompt(f"{name}:prod")
    check(tagged.messages[0].prompt.template == "You greet {person}.", f"pull_prompt by tag: {tagged!r}")
    commit = c.pull_prompt_commit(name)
    by_hash = c.pull_prompt_commit(f"{name}:{commit.commit_hash[:8]}")
    check(by_hash.commit_hash == commit.commit_hash, "pull_prompt_commit by hash")


def prompts() -> None:
    from langchain_core.prompts import ChatPromptTemplate

    c = client()
    name = unique("prompt")
    created = c.create_prompt(name, description="greets", tags=["greeting"])
    check(created.repo_handle == name and created.description == "greets", f"create_prompt: {created!r}")
    first = ChatPromptTemplate.from_messages([("system", "You greet {person}."), ("human", "{message}")])
    url = c.push_prompt(name, object=first, commit_tags=["prod"])
    check(name in url, f"push_prompt answered {url!r}")
    second = ChatPromptTemplate.from_messages([("system", "You greet {person} warmly."), ("human", "{message}")])
    c.push_prompt(name, object=second)
    commit = c.pull_prompt_commit(name)
    check(commit.manifest["kwargs"]["messages"][0]["kwargs"]["prompt"]["kwargs"]["template"] == "You greet {person} warmly.", "pull_prompt_commit: not the latest")
    latest = c.pull_prompt(name)
    check(latest.messages[0].prompt.template == "You greet {person} warmly.", "pull_prompt: not the latest commit")
    tagged = c.pull_prompt(f"{name}:prod")
    check(tagged.messages[0].prompt.template == "You greet {person}.", "pull_prompt by tag: not the tagged commit")
    by_hash = c.pull_prompt(f"{name}:{commit.commit_hash[:8]}")
    check(by_hash.messages[0].prompt.template == "You greet {person} warmly.", "pull_prompt by hash")
    check(by_hash.input_variables == ["message", "person"], f"pull_prompt input variables: {by_hash.input_variables!r}")
    commits = list(c.list_prompt_commits(name))
    check([x.commit_hash for x in commits][0] == commit.commit_hash and len(commits) == 2, f"list_prompt_commits: {commits!r}")
    check(commits[0].parent_id == commits[1].id and commits[0].parent_commit_hash == commits[1].commit_hash, f"list_prompt_commits: parents {commits!r}")
    check(commits[1].commit_hash == c.pull_prompt_commit(f"{name}:prod").commit_hash, "list_prompt_commits: the first is the tagged one")
    check([x.commit_hash for x in c.list_prompt_commits(name, limit=1, offset=1)] == [commits[1].commit_hash], "list_prompt_commits(limit, offset)")
    listed = c.list_prompts(query=name)
    check([p.repo_handle for p in listed.repos] == [name] and listed.total == 1, f"list_prompts(query): {listed!r}")
    check(listed.repos[0].num_commits == 2, f"list_prompts num_commits: {listed.repos[0].num_commits}")
    check(c.list_prompts(query=name, is_public=True).total == 0, "list_prompts(is_public=True) lists a private prompt")
    c.update_prompt(name, description="greets people", tags=["greeting", "v2"])
    updated = c.get_prompt(name)
    check(updated.description == "greets people" and updated.tags == ["greeting", "v2"], f"update_prompt: {updated!r}")
    check(c.like_prompt(name) == {"likes": 1}, "like_prompt")
    check(c.get_prompt(name).num_likes == 1, "like_prompt: num_likes")
    check(c.unlike_prompt(name) == {"likes": 0}, "unlike_prompt")
    c.update_prompt(name, is_archived=True)
    check(c.list_prompts(query=name).total == 0, "list_prompts lists an archived prompt by default")
    check(c.list_prompts(query=name, is_archived=True).total == 1, "list_prompts(is_archived=True)")
    c.delete_prompt(name)
    check(c.get_prompt(name) is None, "delete_prompt left the prompt")


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


GROUPS = {
    "info": info,
    "projects": projects,
    "datasets": datasets,
    "examples-bulk": lambda: examples(multipart=False),
    "examples-multipart": lambda: examples(multipart=True),
    "examples-upsert": examples_upsert,
    "examples-attachments": examples_attachments,
    "feedback-configs": feedback_configs,
    "annotation-queues": annotation_queues,
    "annotation-queue-runs": annotation_queue_runs,
    "annotation-queue-runs-by-key": annotation_queue_runs_by_key,
    "annotation-queue-reviews": annotation_queue_reviews,
    "prompts": prompts,
    "pull": pull,
    "tracing": tracing,
}

if __name__ == "__main__":
    group = sys.argv[1]
    GROUPS[group]()
    print(f"ok {group}")
