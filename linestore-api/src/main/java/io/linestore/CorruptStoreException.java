package io.linestore;

import java.io.Serial;
import java.nio.file.Path;

/**
 * A store's files disagree with its manifest or with each other: a truncated index, a missing
 * shard, a garbage manifest, an index entry that does not point at a line start.
 */
public final class CorruptStoreException extends LineStoreException {

    @Serial
    private static final long serialVersionUID = 1L;

    private final transient Path file;

    /**
     * Makes an exception.
     *
     * @param file the damaged file
     * @param detail what is wrong, with the numbers involved
     */
    public CorruptStoreException(Path file, String detail) {
        this(file, detail, null);
    }

    /**
     * Makes an exception with a cause.
     *
     * @param file the damaged file
     * @param detail what is wrong, with the numbers involved
     * @param cause the underlying failure, or {@code null}
     */
    public CorruptStoreException(Path file, String detail, Throwable cause) {
        super("corrupt store file " + file + ": " + detail, cause);
        this.file = file;
    }

    /**
     * The damaged file.
     *
     * @return its path
     */
    public Path file() {
        return file;
    }
}
