"""The support-triage application: sorts a support question into a queue.

It reads its prompt from LangSmith by tag, as it does in production, so the
prompt is changed (and promoted, by moving the tag) without a release of the
application. LANGSMITH_ENDPOINT and LANGSMITH_API_KEY say which LangSmith:
the real one in production, the emulator in CI.
"""

import os

from langchain_core.messages import BaseMessage
from langchain_core.prompts import ChatPromptTemplate
from langsmith import Client

#: The prompt and the tag the application runs: `<handle>:<tag>`.
PROMPT = os.environ.get("TRIAGE_PROMPT", "support-triage:production")

#: The queues a question can be sorted into.
QUEUES = ("billing", "account", "incidents")


def load_prompt(client: Client) -> ChatPromptTemplate:
    """Pulls the prompt the application runs (PROMPT) from LangSmith."""
    prompt = client.pull_prompt(PROMPT)
    if not isinstance(prompt, ChatPromptTemplate):
        raise TypeError(f"pulling prompt {PROMPT!r}: expected a chat prompt, got {type(prompt).__name__}")
    return prompt


def triage_messages(prompt: ChatPromptTemplate, question: str) -> list[BaseMessage]:
    """The messages sent to the model for one question."""
    return prompt.invoke({"question": question}).to_messages()
