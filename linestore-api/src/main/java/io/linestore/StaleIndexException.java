package io.linestore;

import java.io.Serial;
import java.nio.file.Path;

/**
 * A file indexed in place changed in another way than growing since it was indexed, so its sidecar
 * index would return wrong lines; it must be indexed again ({@link LineStores#index}).
 */
public final class StaleIndexException extends LineStoreException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Makes an exception.
     *
     * @param file the indexed file
     * @param change what changed, with the numbers involved
     */
    public StaleIndexException(Path file, String change) {
        super("the index of " + file + " is stale: " + change + "; index it again with `linestore index " + file
                + "` (or LineStores.index)");
    }
}
