package io.linestore;

import java.io.Serial;
import java.nio.file.Path;

/**
 * The store was replaced (rebuilt, or a file re-indexed) since this {@link LineStore} was opened, and a
 * read needed a file of the old store that is gone; or it was replaced while {@link LineStore#verify()}
 * read it, so that the files verify found gone or changed were the old store's. Reads of files the
 * store had opened before go on working; open the store again to read (or verify) the new one. Never a
 * sign of damage: the store at the path is whole.
 */
public final class StoreReplacedException extends LineStoreException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Makes the exception of a read that needed a file of a store replaced since it was opened.
     *
     * @param store the store's path
     * @param openedGeneration the generation this reader opened
     * @param currentGeneration the generation the store has now
     * @param cause what failed when the old file was opened
     */
    public StoreReplacedException(Path store, long openedGeneration, long currentGeneration, Throwable cause) {
        super(message(store, "since it was opened", openedGeneration, currentGeneration,
                "open it again to read the new store"), cause);
    }

    private StoreReplacedException(String message) {
        super(message);
    }

    /**
     * Makes the exception of a verify during which the store was replaced: what it found of the files it
     * verified says nothing of the store now at the path.
     *
     * @param store the store's path
     * @param verifiedGeneration the generation verify read
     * @param currentGeneration the generation the store has now
     * @return the exception
     */
    public static StoreReplacedException whileVerified(Path store, long verifiedGeneration, long currentGeneration) {
        return new StoreReplacedException(message(store, "while it was being verified", verifiedGeneration,
                currentGeneration, "verify it again"));
    }

    /**
     * What happened, in words that are true: a replacement writes a later generation, so a store whose
     * generation is not later was removed and built again (its generations start again at 1).
     */
    private static String message(Path store, String when, long opened, long current, String advice) {
        String what = current > opened
                ? "was replaced " + when + " (generation " + opened + ", now " + current + ")"
                : "was removed and built again " + when + " (a new store, of generation " + current + ")";
        return "store " + store + " " + what + "; " + advice;
    }
}
