package io.linestore;

import java.io.Serial;

/** A store was used after {@link LineStore#close()}. */
public final class StoreClosedException extends LineStoreException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Makes an exception.
     *
     * @param store a description of the store, such as its path
     */
    public StoreClosedException(String store) {
        super("linestore already closed: " + store);
    }
}
