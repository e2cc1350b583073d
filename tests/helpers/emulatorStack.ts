import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator, type EmulatorOptions } from "../../packages/emulator/src";

/** An emulator plus the stack config and environment that point a program at it. */
export interface EmulatorStack {
  emulator: Emulator;
  /** `langsmith:*` stack config for the emulator's default workspace (the API key as a secret). */
  config: Record<string, string | { secret: string }>;
  /** Environment for fast revision polling against the emulator's short steps. */
  env: Record<string, string>;
}

/**
 * The LANGSMITH_* variables that point in-process provider and invoke calls
 * at the emulator's default workspace (the fallback read when no stack config
 * is set), plus fast polling.
 */
export function emulatorEnv(stack: EmulatorStack): Record<string, string> {
  return {
    ...stack.env,
    LANGSMITH_API_KEY: DEFAULT_API_KEY,
    LANGSMITH_WORKSPACE_ID: DEFAULT_WORKSPACE_ID,
    LANGSMITH_CONTROL_PLANE_URL: stack.emulator.url,
    LANGSMITH_ENDPOINT: stack.emulator.url,
  };
}

/** Starts an emulator (control routes on) and returns how to point a stack at it. */
export async function startEmulatorStack(options: EmulatorOptions = {}): Promise<EmulatorStack> {
  const emulator = await createEmulator({ control: true, ...options });
  return {
    emulator,
    config: {
      "langsmith:controlPlaneUrl": emulator.url,
      "langsmith:apiUrl": emulator.url,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
      "langsmith:apiKey": { secret: DEFAULT_API_KEY },
    },
    env: { LANGSMITH_POLL_MIN_INTERVAL_MS: "50", LANGSMITH_POLL_MAX_INTERVAL_MS: "200" },
  };
}
