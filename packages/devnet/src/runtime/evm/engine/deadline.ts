/**
 * A run stopped because its deadline (`DispatchContext.deadline`) passed: a simulation that would hold the node
 * too long. The run is abandoned whole, as any run that throws: nothing it did is kept.
 */
export class DeadlineExceededError extends Error {
  readonly code = 'EVM_DEADLINE';
  constructor() {
    super('the EVM run passed its deadline');
  }
}

/** Milliseconds left before `deadline` (`Date.now()` ms); throws once it has passed. */
export function msLeft(deadline: number): number {
  const left = deadline - Date.now();
  if (left <= 0) throw new DeadlineExceededError();
  return left;
}
