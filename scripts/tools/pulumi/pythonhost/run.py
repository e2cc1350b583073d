# Runs a Pulumi Python program for pulumi-language-python (main.go): the part
# of a Python language host that must be Python. Started as
# `python -u run.py <program directory>` with the engine's settings in the
# environment (PULUMI_MONITOR, PULUMI_ENGINE, PULUMI_PROJECT, PULUMI_STACK,
# PULUMI_ORGANIZATION, PULUMI_ROOT_DIRECTORY, PULUMI_DRY_RUN,
# PULUMI_PARALLEL, PULUMI_CONFIG, PULUMI_CONFIG_SECRET_KEYS): configures the
# Pulumi SDK's runtime, then runs the program's __main__.py inside the stack
# resource, as Pulumi's own Python host does.
#
# Exit codes: 0 when the program ran; 32 when it failed and the error was
# shown to the user through the engine (the host then tells the engine not to
# print a second, generic one).
import asyncio
import json
import os
import runpy
import sys
import traceback

EXIT_AFTER_LOGGED_ERROR = 32


def main() -> int:
    program_dir = os.path.abspath(sys.argv[1])
    sys.argv = [os.path.join(program_dir, "__main__.py"), *sys.argv[2:]]
    sys.path.insert(0, program_dir)

    import pulumi
    from pulumi.runtime import config as runtime_config
    from pulumi.runtime import settings, stack

    settings.configure(
        settings.Settings(
            project=os.environ.get("PULUMI_PROJECT"),
            stack=os.environ.get("PULUMI_STACK"),
            monitor=os.environ.get("PULUMI_MONITOR"),
            engine=os.environ.get("PULUMI_ENGINE") or None,
            parallel=int(os.environ.get("PULUMI_PARALLEL", "0") or "0"),
            dry_run=os.environ.get("PULUMI_DRY_RUN") == "true",
            organization=os.environ.get("PULUMI_ORGANIZATION") or None,
            root_directory=os.environ.get("PULUMI_ROOT_DIRECTORY") or None,
        )
    )
    config = json.loads(os.environ.get("PULUMI_CONFIG") or "null") or {}
    secret_keys = json.loads(os.environ.get("PULUMI_CONFIG_SECRET_KEYS") or "[]")
    runtime_config.set_all_config(config, secret_keys)

    def program() -> None:
        runpy.run_path(program_dir, run_name="__main__")

    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        loop.run_until_complete(stack.run_in_stack(program))
        return 0
    except pulumi.RunError as error:
        pulumi.log.error(str(error))
        return EXIT_AFTER_LOGGED_ERROR
    except Exception:  # noqa: BLE001 - every failure of the program is the user's to see
        pulumi.log.error("Program failed with an unhandled exception:\n" + traceback.format_exc())
        return EXIT_AFTER_LOGGED_ERROR
    finally:
        loop.close()
        sys.stdout.flush()
        sys.stderr.flush()


if __name__ == "__main__":
    sys.exit(main())
