import type { EmulatorState } from "./types";

/**
 * Holds the emulator's state. Route handlers mutate `state` directly and call
 * {@link Store.commit} afterwards, which hands the state to the persistence
 * callback (a no-op for in-memory emulators).
 */
export class Store {
  private current: EmulatorState;

  /**
   * @param initial the starting state (taken over, not copied).
   * @param persist called with the state after every commit.
   */
  constructor(
    initial: EmulatorState,
    private readonly persist: (state: EmulatorState) => void,
  ) {
    this.current = initial;
  }

  /** The live state. */
  get state(): EmulatorState {
    return this.current;
  }

  /** Persists the state after a mutation. */
  commit(): void {
    this.persist(this.current);
  }

  /** Replaces the whole state and persists it. */
  replace(next: EmulatorState): void {
    this.current = next;
    this.commit();
  }
}
