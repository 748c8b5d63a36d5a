export { createBus, type Bus, type Listener, type ListenerErrorSink } from './bus';
