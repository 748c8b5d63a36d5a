export { createCommandQueue, type CommandQueue, type Lane, type QueuedCommand, type QueueOptions } from './queue';
export { RadioError, failed, outcomeFromError, type CommandOutcome, type FailureReason } from './outcome';
