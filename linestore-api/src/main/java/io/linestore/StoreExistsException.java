package io.linestore;

import java.io.Serial;
import java.nio.file.Path;

/** A build was asked to create a store where one exists already, and not to replace it. */
public final class StoreExistsException extends LineStoreException {

    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Makes an exception.
     *
     * @param store the existing store's path
     */
    public StoreExistsException(Path store) {
        super("store " + store + " already exists");
    }

    /**
     * Makes an exception that says what to do about it.
     *
     * @param store the existing store's path
     * @param advice how to replace it, for the user of a program built on linestore
     */
    public StoreExistsException(Path store, String advice) {
        super("store " + store + " already exists; " + advice);
    }
}
