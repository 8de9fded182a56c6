package io.linestore;

import java.io.Serial;
import java.nio.file.Path;

/** Another writer (thread or process) is appending to, or indexing, the same store right now. */
public final class StoreLockedException extends LineStoreException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Makes an exception.
     *
     * @param lockFile the lock file held by the other writer
     */
    public StoreLockedException(Path lockFile) {
        super("another writer holds " + lockFile + "; one writer at a time per store");
    }
}
