export { createCommandQueue, type CommandQueue, type Lane, type QueuedCommand, type QueueOptions } from './queue.ts';
export { RadioError, failed, outcomeFromError, type CommandOutcome, type FailureReason } from './outcome.ts';
