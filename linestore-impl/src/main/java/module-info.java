/**
 * linestore's implementation: provides {@link io.linestore.spi.LineStoreProvider} and exports
 * nothing to users. Use it through {@code io.linestore}; its packages may change in any release.
 * The manifest and index formats, the read path's check of lines against their index entries, and
 * the checkpoints and decoders of compressed files indexed in place are exported to
 * {@code io.linestore.s3} alone, which indexes and reads the same stores and files on object storage.
 */
// io.linestore.s3 is built after this module: javac warns of a qualified export to a module it has
// not seen, which is expected here.
@SuppressWarnings("module")
module io.linestore.impl {
    requires io.linestore;
    requires com.google.gson;
    requires com.github.benmanes.caffeine;
    requires com.google.common;
    requires com.github.luben.zstd_jni;

    exports io.linestore.impl.blocks to io.linestore.s3;
    exports io.linestore.impl.build to io.linestore.s3;
    exports io.linestore.impl.format to io.linestore.s3;
    exports io.linestore.impl.gzip to io.linestore.s3;
    exports io.linestore.impl.index to io.linestore.s3;
    exports io.linestore.impl.read to io.linestore.s3;
    exports io.linestore.impl.zstd to io.linestore.s3;

    provides io.linestore.spi.LineStoreProvider with io.linestore.impl.DefaultLineStoreProvider;
}
