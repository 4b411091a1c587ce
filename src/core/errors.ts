/**
 * @module core/errors
 * The one error class of the package. It carries a string `code` and a one-line message meant for a person;
 * only the CLI's top level catches it (and exits), everything else lets it travel.
 */
export class AirlockError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AirlockError';
  }
}
