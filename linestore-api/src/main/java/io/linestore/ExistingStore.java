package io.linestore;

/**
 * What {@link LineStores#build(java.nio.file.Path, java.nio.file.Path, StoreOptions, WriteOptions, ExistingStore) build}
 * does when a store is at its path.
 */
public enum ExistingStore {

    /**
     * Refuse with {@link StoreExistsException}, changing nothing. An empty directory, or one holding
     * only what a killed build left there, is not a store.
     */
    REFUSE,

    /**
     * Build the new store next to the old one, under the store's write lock, and switch to it with one
     * atomic rename of the manifest; the old store's files are removed after. Whatever happens, the
     * path holds the old store or the new one; a failed build leaves the old one as it was. Readers
     * that opened the old store keep reading what they had open and get
     * {@link StoreReplacedException} for the rest. Only a store is replaced: any other non-empty
     * directory is refused.
     */
    REPLACE
}
