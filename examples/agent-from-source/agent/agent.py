"""A one-node LangGraph graph: it answers a message with a greeting.

GREETING comes from the deployment's environment variables (the Pulumi
program's `environmentVariables`).
"""

import os
from typing import TypedDict

from langgraph.graph import END, START, StateGraph


class State(TypedDict):
    message: str
    reply: str


def greet(state: State) -> dict:
    return {"reply": f"{os.environ.get('GREETING', 'Hello')}! You said: {state['message']}"}


builder = StateGraph(State)
builder.add_node("greet", greet)
builder.add_edge(START, "greet")
builder.add_edge("greet", END)
graph = builder.compile()
