package io.linestore.impl;

import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.StoreFiles;
import java.nio.file.Path;

/** Where the committed files of a store are, as its manifest says: for tests that damage or inspect them. */
final class StorePaths {

    private StorePaths() {
    }

    static Path data(Path store, int shard) {
        Manifest manifest = ManifestCodec.read(store);
        return StoreFiles.dataPath(store, manifest, shard);
    }

    static Path index(Path store, int shard) {
        Manifest manifest = ManifestCodec.read(store);
        return StoreFiles.indexPath(store, manifest, shard);
    }
}
