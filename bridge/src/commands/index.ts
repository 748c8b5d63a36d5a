export { createCommandQueue, type CommandQueue, type Lane, type QueuedCommand, type QueueOptions } from './queue';
export { failed, outcomeFromError, type CommandOutcome } from './outcome';
