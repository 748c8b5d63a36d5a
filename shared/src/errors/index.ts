/** deCONZ error catalogue, the one error type and its renderer (see deconz-behavior.md §1). */
export { ERROR_CATALOGUE, describeError, type ErrorType, type ErrorTypeInfo } from './catalogue';
export {
  DeconzError,
  errorItem,
  type ErrorItem,
  type ErrorItemInput,
  type ResultItem,
  type SuccessItem,
} from './deconz-error';
export { escapeHtml, renderResultItems } from './render';
