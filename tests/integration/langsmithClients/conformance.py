"""The official `langsmith` Python SDK against the emulator, one group of calls at a time.

Usage: python conformance.py <group>   (LANGSMITH_ENDPOINT and LANGSMITH_API_KEY name the emulator)

Each group calls the SDK's methods as an application would and checks the values
it reads back; any failure raises (exit status 1, the traceback on stderr). On
success it prints the line "ok <group>" (the SDK may log after it). Run by
tests/integration/langsmithPython.test.ts. The groups are in the modules beside it:
conformance_projects.py, conformance_datasets.py, conformance_queues.py and
conformance_prompts.py.
"""

import sys

# The groups live beside this script (its directory is first on sys.path); leave no bytecode there.
sys.dont_write_bytecode = True

from conformance_datasets import datasets, examples, examples_attachments, examples_upsert  # noqa: E402
from conformance_projects import info, projects, tracing  # noqa: E402
from conformance_prompts import prompts, pull  # noqa: E402
from conformance_queues import (  # noqa: E402
    annotation_queue_reviews,
    annotation_queue_runs,
    annotation_queue_runs_by_key,
    annotation_queues,
    feedback_configs,
)

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
