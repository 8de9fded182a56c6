package io.linestore;

import java.io.Serial;
import java.nio.file.Path;

/** There is no store at a path: no directory, or a directory without a published manifest. */
public final class StoreNotFoundException extends LineStoreException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Makes an exception.
     *
     * @param store the path that holds no store
     * @param reason why it is not a store
     */
    public StoreNotFoundException(Path store, String reason) {
        super("no linestore at " + store + ": " + reason);
    }
}
