package io.linestore.spi;

import io.linestore.AppendSummary;
import io.linestore.BuildSummary;
import io.linestore.ExistingStore;
import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStore;
import io.linestore.ReadOptions;
import io.linestore.StoreOptions;
import io.linestore.WriteOptions;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;

/**
 * The service an implementation registers (with {@link java.util.ServiceLoader}) so that
 * {@link io.linestore.LineStores} can reach it. Users call {@code LineStores}, not this. Each
 * method has the contract of the {@code LineStores} method of the same name and parameters.
 */
public interface LineStoreProvider {

    /**
     * See {@link io.linestore.LineStores#build(Path, Path, StoreOptions, WriteOptions, ExistingStore)}.
     *
     * @param input the text file
     * @param storeDir the store's directory
     * @param store the store's shape
     * @param write how to write it
     * @param existing whether a store there is refused or replaced
     * @return what was written
     */
    BuildSummary build(Path input, Path storeDir, StoreOptions store, WriteOptions write, ExistingStore existing);

    /**
     * See {@link io.linestore.LineStores#build(InputStream, Path, StoreOptions, WriteOptions, ExistingStore)}.
     *
     * @param input the text
     * @param storeDir the store's directory
     * @param store the store's shape
     * @param write how to write it
     * @param existing whether a store there is refused or replaced
     * @return what was written
     */
    BuildSummary build(InputStream input, Path storeDir, StoreOptions store, WriteOptions write,
            ExistingStore existing);

    /**
     * See {@link io.linestore.LineStores#index(Path, IndexOptions, WriteOptions)}.
     *
     * @param file the text file
     * @param index the index stride and AUTO threshold
     * @param write how to write the index
     * @return what is indexed
     */
    IndexSummary index(Path file, IndexOptions index, WriteOptions write);

    /**
     * See {@link io.linestore.LineStores#prepareIndex(Path)}; does nothing by default.
     *
     * @param file the file about to be indexed
     */
    default void prepareIndex(Path file) {
    }

    /**
     * See {@link io.linestore.LineStores#codecs()}; none by default.
     *
     * @return one line per codec
     */
    default List<String> codecs() {
        return List.of();
    }

    /**
     * See {@link io.linestore.LineStores#append(Path, InputStream, WriteOptions)}.
     *
     * @param storeDir the store
     * @param input the lines to append
     * @param write how to write them
     * @return what was appended
     */
    AppendSummary append(Path storeDir, InputStream input, WriteOptions write);

    /**
     * See {@link io.linestore.LineStores#append(Path, Path, WriteOptions)}.
     *
     * @param storeDir the store
     * @param input the text file
     * @param write how to write
     * @return what was appended
     */
    AppendSummary append(Path storeDir, Path input, WriteOptions write);

    /**
     * See {@link io.linestore.LineStores#open(Path, ReadOptions)}.
     *
     * @param storeDir the store's directory
     * @param options read options
     * @return the open store
     */
    LineStore open(Path storeDir, ReadOptions options);
}
