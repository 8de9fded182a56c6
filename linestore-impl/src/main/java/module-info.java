/**
 * linestore's implementation: provides {@link io.linestore.spi.LineStoreProvider} and exports
 * nothing. Use it through {@code io.linestore}; its packages may change in any release.
 */
module io.linestore.impl {
    requires io.linestore;
    requires com.fasterxml.jackson.core;
    requires com.github.benmanes.caffeine;
    requires com.google.common;

    provides io.linestore.spi.LineStoreProvider with io.linestore.impl.DefaultLineStoreProvider;
}
