package io.linestore;

import java.io.Serial;

/**
 * The base of linestore's own failures: a store that is missing, damaged, of an unknown format,
 * or closed. Plain I/O failures are thrown as {@link java.io.UncheckedIOException} instead.
 */
public class LineStoreException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Makes an exception.
     *
     * @param message what went wrong, naming the file and values involved
     */
    public LineStoreException(String message) {
        super(message);
    }

    /**
     * Makes an exception with a cause.
     *
     * @param message what went wrong, naming the file and values involved
     * @param cause the underlying failure
     */
    public LineStoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
