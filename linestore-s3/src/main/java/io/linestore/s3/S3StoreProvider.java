package io.linestore.s3;

import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStore;
import io.linestore.ReadOptions;
import io.linestore.spi.UriStoreProvider;
import java.net.URI;
import java.nio.file.Path;

/**
 * Serves {@code s3://bucket/prefix} URIs to {@link io.linestore.LineStores}: opens stores and
 * objects indexed in place ({@link S3LineStore}), pushes local stores ({@link StorePusher}) and
 * indexes objects in place ({@link ObjectIndexer}). Settings come from {@link S3Settings}, read for
 * each call, so a process may change them (the command line's {@code --endpoint}) before it opens a
 * store. Each call makes its own client; a store closes its client when it closes. Thread-safe.
 */
public final class S3StoreProvider implements UriStoreProvider {

    /** Made by {@link java.util.ServiceLoader}. */
    public S3StoreProvider() {
    }

    @Override
    public boolean supports(URI uri) {
        return S3Location.SCHEME.equalsIgnoreCase(uri.getScheme());
    }

    @Override
    public LineStore open(URI uri, ReadOptions options) {
        S3Location location = S3Location.of(uri);
        S3Settings settings = S3Settings.fromEnvironment();
        S3Objects objects = S3Objects.connect(settings);
        try {
            return S3LineStore.open(objects, new IndexCache(settings.cacheDir(), settings.cacheBytes()), location,
                    options, objects::close);
        } catch (RuntimeException e) {
            objects.close();
            throw e;
        }
    }

    @Override
    public long push(Path storeDir, URI target) {
        try (S3Objects objects = S3Objects.connect(S3Settings.fromEnvironment())) {
            return new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(storeDir, S3Location.of(target));
        }
    }

    @Override
    public IndexSummary index(URI object, IndexOptions index) {
        try (S3Objects objects = S3Objects.connect(S3Settings.fromEnvironment())) {
            return new ObjectIndexer(objects).index(S3Location.of(object), index);
        }
    }
}
