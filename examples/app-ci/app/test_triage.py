"""The application's tests: the prompt it pulls by tag, against the examples
of its regression dataset. They need a LangSmith holding both, which ci.sh
makes with `pulumi up` against the emulator, passing the names the stack
made (TRIAGE_PROMPT, TRIAGE_DATASET) and the commit it tagged
(TRIAGE_PROMPT_COMMIT)."""

import os
import unittest

from langsmith import Client

from triage import PROMPT, QUEUES, load_prompt, triage_messages

#: The regression dataset (made by the same Pulumi program as the prompt).
DATASET = os.environ.get("TRIAGE_DATASET", "support-triage-regressions")


class TriageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls) -> None:
        cls.client = Client()
        cls.prompt = load_prompt(cls.client)
        cls.examples = list(cls.client.list_examples(dataset_name=DATASET))

    def test_prompt_takes_the_question_and_names_every_queue(self) -> None:
        self.assertEqual(self.prompt.input_variables, ["question"])
        system = triage_messages(self.prompt, "?")[0]
        self.assertEqual(system.type, "system")
        for queue in QUEUES:
            self.assertIn(queue, system.content)

    @unittest.skipUnless(os.environ.get("TRIAGE_PROMPT_COMMIT"), "TRIAGE_PROMPT_COMMIT (the commit the stack tagged) is not set")
    def test_pulls_the_commit_the_stack_tagged(self) -> None:
        self.assertEqual(self.client.pull_prompt_commit(PROMPT).commit_hash, os.environ["TRIAGE_PROMPT_COMMIT"])

    def test_every_regression_example_renders_and_names_a_known_queue(self) -> None:
        self.assertTrue(self.examples, f"dataset {DATASET!r} has no examples")
        for example in self.examples:
            with self.subTest(example=example.id):
                question = example.inputs["question"]
                messages = triage_messages(self.prompt, question)
                self.assertEqual([m.type for m in messages], ["system", "human"])
                self.assertEqual(messages[1].content, question)
                self.assertIn(example.outputs["queue"], QUEUES)

    def test_regression_dataset_covers_every_queue(self) -> None:
        self.assertEqual(sorted({example.outputs["queue"] for example in self.examples}), sorted(QUEUES))


if __name__ == "__main__":
    unittest.main()
