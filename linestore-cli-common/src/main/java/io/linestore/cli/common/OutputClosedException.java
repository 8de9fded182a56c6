package io.linestore.cli.common;

import java.io.IOException;
import java.io.Serial;
import java.io.UncheckedIOException;

/**
 * Standard output was closed by its reader (a broken pipe, as in {@code linestore read ... | head
 * -1}). Not a failure: the command stops writing and ends with status 0, the way {@code cat} and
 * {@code sed} do.
 */
public final class OutputClosedException extends RuntimeException {

    @Serial
    private static final long serialVersionUID = 1L;

    /** How Linux and macOS word {@code EPIPE}; the JVM ignores SIGPIPE and reports this instead. */
    private static final String BROKEN_PIPE = "Broken pipe";

    private OutputClosedException(IOException cause) {
        super("standard output closed", cause);
    }

    /**
     * Classifies a failure to write standard output.
     *
     * @param failure what the write threw
     * @return an {@code OutputClosedException} for a broken pipe, otherwise an
     *     {@link UncheckedIOException} that says standard output could not be written
     */
    public static RuntimeException of(IOException failure) {
        String message = failure.getMessage();
        return message != null && message.contains(BROKEN_PIPE)
                ? new OutputClosedException(failure)
                : new UncheckedIOException("cannot write to standard output", failure);
    }

    /**
     * Whether a failure is, or was caused by, a closed standard output.
     *
     * @param failure any throwable
     * @return {@code true} if an {@code OutputClosedException} is in its cause chain
     */
    public static boolean isCauseOf(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof OutputClosedException) {
                return true;
            }
        }
        return false;
    }
}
