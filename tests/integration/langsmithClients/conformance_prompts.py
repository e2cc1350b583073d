"""The groups of conformance.py for the prompt hub: pulling a prompt made over REST, and a prompt's whole life through the SDK."""

from conformance_support import check, client, unique


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
