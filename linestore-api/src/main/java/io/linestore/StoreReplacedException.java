package io.linestore;

import java.io.Serial;
import java.nio.file.Path;

/**
 * The store was replaced (rebuilt, or a file re-indexed) since this {@link LineStore} was opened, and a
 * read needed a file of the old store that is gone. Reads of files the store had opened before go on
 * working; open the store again to read the new one. Never a sign of damage: the store at the path is
 * whole.
 */
public final class StoreReplacedException extends LineStoreException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Makes an exception.
     *
     * @param store the store's path
     * @param openedGeneration the generation this reader opened
     * @param currentGeneration the generation the store has now
     * @param cause what failed when the old file was opened
     */
    public StoreReplacedException(Path store, long openedGeneration, long currentGeneration, Throwable cause) {
        super("store " + store + " was replaced since it was opened (generation " + openedGeneration + ", now "
                + currentGeneration + "); open it again to read the new store", cause);
    }
}
