"""The groups of conformance.py for datasets and examples: versions, tags and splits; examples in bulk, multipart, upserted and with attachments."""

import uuid

from langsmith import schemas

from conformance_support import check, client, unique


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
