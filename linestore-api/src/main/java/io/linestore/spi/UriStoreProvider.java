package io.linestore.spi;

import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStore;
import io.linestore.ReadOptions;
import java.net.URI;
import java.nio.file.Path;

/**
 * The service a module registers (with {@link java.util.ServiceLoader}) to serve stores that live
 * elsewhere than on a local file system, named by URI: {@code s3://bucket/prefix} for
 * {@code linestore-s3}. {@link io.linestore.LineStores} asks each provider found whether it
 * {@link #supports} a URI and hands the call to the first that does; local paths and {@code file:}
 * URIs never reach a provider, so local use loads none. Implementations are thread-safe.
 */
public interface UriStoreProvider {

    /**
     * Whether this provider serves the URI, judged from the URI alone (no I/O).
     *
     * @param uri a store's or an indexed object's location
     * @return {@code true} if the other methods accept it
     */
    boolean supports(URI uri);

    /**
     * See {@link io.linestore.LineStores#open(URI, ReadOptions)}.
     *
     * @param uri the store, or an object indexed in place
     * @param options read options
     * @return the open store
     */
    LineStore open(URI uri, ReadOptions options);

    /**
     * See {@link io.linestore.LineStores#push(Path, URI)}.
     *
     * @param storeDir the local store
     * @param target where to put it
     * @return bytes uploaded
     */
    long push(Path storeDir, URI target);

    /**
     * See {@link io.linestore.LineStores#index(URI, IndexOptions)}.
     *
     * @param object the object to index in place
     * @param index the index kind and AUTO threshold
     * @return what is indexed
     */
    IndexSummary index(URI object, IndexOptions index);
}
