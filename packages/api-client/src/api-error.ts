/** A refused or failed request: the envelope's code (-1 when no answer was read) and message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}
