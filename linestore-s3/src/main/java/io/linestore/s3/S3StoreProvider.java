package io.linestore.s3;

import io.linestore.IndexOptions;
import io.linestore.IndexSummary;
import io.linestore.LineStore;
import io.linestore.ReadOptions;
import io.linestore.impl.format.StoreFiles;
import io.linestore.spi.UriStoreProvider;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Serves {@code s3://bucket/prefix} URIs to {@link io.linestore.LineStores}: opens stores and
 * objects indexed in place ({@link S3LineStore}), pushes local stores ({@link StorePusher}) and
 * indexes objects in place ({@link ObjectIndexer}). Serves {@code https://} and {@code http://} URLs
 * for reading ({@link HttpObjects}): a file with the sidecar {@code linestore index} made of it served
 * beside it, or a store's directory served as files. Settings come from {@link S3Settings}, read for
 * each call, so a process may change them (the command line's {@code --endpoint}) before it opens a
 * store. Each call makes its own client; a store closes its client when it closes. Thread-safe.
 */
public final class S3StoreProvider implements UriStoreProvider {

    /** Made by {@link java.util.ServiceLoader}. */
    public S3StoreProvider() {
    }

    @Override
    public boolean supports(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return ObjectLocation.SCHEME.equals(scheme) || ObjectLocation.HTTP_SCHEMES.contains(scheme);
    }

    @Override
    public LineStore open(URI uri, ReadOptions options) {
        ObjectLocation location = ObjectLocation.of(uri, options.sidecarIndex() != null);
        ObjectLocation sidecar = options.sidecarIndex() == null ? null : sidecar(location, options.sidecarIndex());
        S3Settings settings = S3Settings.fromEnvironment().with(options);
        ObjectReads objects = location.isHttp()
                ? new HttpObjects(location.scheme(), settings.timeout(), settings.deadline(), settings.retries(), null)
                : S3Objects.connect(settings);
        if (sidecar != null && sidecar.scheme().equals(ObjectLocation.LOCAL)) {
            objects = new LocalSidecarObjects(objects);
        }
        try {
            return S3LineStore.open(objects, new IndexCache(settings.cacheDir(), settings.cacheBytes(),
                    settings.manifestTtl()), location, sidecar, options, objects::close, settings.getBytes(),
                    settings.getsInFlight());
        } catch (RuntimeException e) {
            objects.close();
            throw e;
        }
    }

    @Override
    public long push(Path storeDir, URI target) {
        refuseHttp(target, "push to");
        try (S3Objects objects = S3Objects.connect(S3Settings.fromEnvironment())) {
            return new StorePusher(objects, StorePusher.DEFAULT_PART_BYTES).push(storeDir, ObjectLocation.of(target));
        }
    }

    @Override
    public IndexSummary index(URI object, IndexOptions index) {
        refuseHttp(object, "index");
        try (S3Objects objects = S3Objects.connect(S3Settings.fromEnvironment())) {
            return new ObjectIndexer(objects).index(ObjectLocation.of(object), index);
        }
    }

    /**
     * Where the sidecar index given for a file on a web server lies: another URL of the same scheme
     * (the file's client reads it), or a local folder.
     */
    private static ObjectLocation sidecar(ObjectLocation file, URI index) {
        if (!file.isHttp()) {
            throw new IllegalArgumentException("an index elsewhere (" + index + ") is for files on web servers; "
                    + file + " is read with the index beside it");
        }
        String scheme = index.getScheme() == null ? "" : index.getScheme().toLowerCase(Locale.ROOT);
        if (scheme.equals(ObjectLocation.LOCAL)) {
            Path dir = Path.of(index);
            if (!Files.isDirectory(dir)) {
                throw new IllegalArgumentException("no index folder " + dir + " (linestore index FILE makes FILE"
                        + StoreFiles.SIDECAR_SUFFIX + "/)");
            }
            return ObjectLocation.local(dir);
        }
        if (!scheme.equals(file.scheme())) {
            throw new IllegalArgumentException("the index " + index + " must be a local folder or a " + file.scheme()
                    + ":// URL, as the file is");
        }
        return ObjectLocation.of(index);
    }

    /** Web servers are read only: linestore reads what they serve, and writes nothing there. */
    private static void refuseHttp(URI uri, String action) {
        if (ObjectLocation.of(uri).isHttp()) {
            throw new IllegalArgumentException("cannot " + action + " " + uri + ": files on web servers are read only"
                    + " (index the file locally with linestore index FILE and serve FILE" + StoreFiles.SIDECAR_SUFFIX
                    + "/ beside it)");
        }
    }
}
