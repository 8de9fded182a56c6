/**
 * linestore's public API: text lines on disk, read by line number in the same time at the end of
 * a store as at its start. Start with {@link io.linestore.LineStores}; an implementation module
 * ({@code io.linestore.impl}) provides {@link io.linestore.spi.LineStoreProvider}, found with
 * {@link java.util.ServiceLoader} on the module path and the class path alike.
 */
module io.linestore {
    exports io.linestore;
    exports io.linestore.spi;

    uses io.linestore.spi.LineStoreProvider;
    uses io.linestore.spi.UriStoreProvider;
}
