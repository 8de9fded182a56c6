package io.linestore.spi;

import io.linestore.BuildSummary;
import io.linestore.ExistingStore;
import io.linestore.LineStore;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * The service an implementation registers (with {@link java.util.ServiceLoader}) so that
 * {@link io.linestore.LineStores} can reach it. Users call {@code LineStores}, not this. Each
 * method has the contract of the {@code LineStores} method of the same name.
 */
public interface LineStoreProvider {

    /**
     * See {@link io.linestore.LineStores#build(Path, Path, StoreOptions, ExistingStore)}.
     *
     * @param input the text file
     * @param storeDir the store's directory
     * @param options build options
     * @param existing whether a store there is refused or replaced
     * @return what was written
     */
    BuildSummary build(Path input, Path storeDir, StoreOptions options, ExistingStore existing);

    /**
     * See {@link io.linestore.LineStores#build(InputStream, Path, StoreOptions, ExistingStore)}.
     *
     * @param input the text
     * @param storeDir the store's directory
     * @param options build options
     * @param existing whether a store there is refused or replaced
     * @return what was written
     */
    BuildSummary build(InputStream input, Path storeDir, StoreOptions options, ExistingStore existing);

    /**
     * See {@link io.linestore.LineStores#index(Path, StoreOptions)}.
     *
     * @param file the text file
     * @param options index options
     * @return what is indexed
     */
    BuildSummary index(Path file, StoreOptions options);

    /**
     * See {@link io.linestore.LineStores#append(Path, InputStream, StoreOptions)}.
     *
     * @param storeDir the store
     * @param input the lines to append
     * @param options write options
     * @return what was appended
     */
    BuildSummary append(Path storeDir, InputStream input, StoreOptions options);

    /**
     * See {@link io.linestore.LineStores#append(Path, Path, StoreOptions)}.
     *
     * @param storeDir the store
     * @param input the text file
     * @param options write options
     * @return what was appended
     */
    BuildSummary append(Path storeDir, Path input, StoreOptions options);

    /**
     * See {@link io.linestore.LineStores#open(Path, io.linestore.ReadOptions)}.
     *
     * @param storeDir the store's directory
     * @param options read options
     * @return the open store
     */
    LineStore open(Path storeDir, ReadOptions options);
}
