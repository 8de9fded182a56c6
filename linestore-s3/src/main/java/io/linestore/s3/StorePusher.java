package io.linestore.s3;

import io.linestore.StoreNotFoundException;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.PushedObjects;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.StoreFiles;
import io.linestore.impl.index.IndexFiles;
import io.linestore.impl.index.IndexFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Uploads a local store below an S3 prefix so that the prefix is a store that {@link S3LineStore}
 * reads, atomically: readers see the store the prefix held before, or the new one, whenever the
 * push stops.
 *
 * <ol>
 * <li>Multipart uploads below the prefix that a killed push left incomplete are aborted.</li>
 * <li>The prefix is listed once. An object the committed manifest names for a shard of the same
 *     store id, generation and shard entry is kept as it is if the listing shows it whole: the size
 *     of the file and the ETag the server gave it at push (an object deleted, cut short, swapped or
 *     edited since fails one or the other). Every other file's committed bytes go up under a key no
 *     committed manifest names, {@code gN/pXXXXXXXXXXXX/FILE} with a random push id (a file larger
 *     than the part size in a multipart upload): a push repairs what a prefix lost or holds changed.</li>
 * <li>The manifest goes up last, naming every object and the ETag the server gave it
 *     ({@link PushedObjects}); if every object was kept, nothing is uploaded, the manifest included
 *     (what follows still runs).</li>
 * <li>Then the objects of earlier pushes that the new manifest does not name are deleted: those the
 *     old manifest named, and those in push folders that killed pushes left behind (listed before
 *     the uploads: only those written before this push began, so a concurrent push's objects are
 *     left alone).</li>
 * </ol>
 *
 * <p>One pusher per prefix at a time: two pushes racing end with the manifest of whichever wrote
 * last, whose objects the other may delete. Stateless but for the client it uses.
 */
final class StorePusher {

    /** Part size of multipart uploads when none is given: 64 MiB. */
    static final long DEFAULT_PART_BYTES = 64L << 20;

    /** A key that a push wrote below the prefix: a push folder, in a generation folder or not. */
    private static final Pattern PUSHED_KEY = Pattern.compile("(g[0-9]+/)?p[0-9a-f]{12}/.+");

    private static final String OCTETS = "application/octet-stream";

    private final S3Objects objects;
    private final long partBytes;

    /**
     * Makes the pusher.
     *
     * @param objects the client
     * @param partBytes files larger than this go in parts of this size ({@code >= 5 MiB} on AWS S3)
     */
    StorePusher(S3Objects objects, long partBytes) {
        this.objects = objects;
        this.partBytes = partBytes;
    }

    /**
     * Uploads the store.
     *
     * @param storeDir the local store
     * @param target the prefix to upload it below
     * @return bytes uploaded, manifest included; 0 if the prefix already held this store, every object whole
     * @throws StoreNotFoundException if there is no store at {@code storeDir}
     * @throws IllegalArgumentException if {@code storeDir} is a file's sidecar index
     * @throws S3StoreException if a request fails; the prefix then still holds the store it held
     */
    long push(Path storeDir, ObjectLocation target) {
        Instant started = Instant.now();
        ManifestCodec.read(storeDir);
        byte[] manifestBytes;
        try {
            manifestBytes = Files.readAllBytes(storeDir.resolve(StoreFiles.MANIFEST));
        } catch (NoSuchFileException e) {
            throw new StoreNotFoundException(storeDir, "no " + StoreFiles.MANIFEST);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the manifest of " + storeDir, e);
        }
        // The manifest uploaded is exactly the one whose files are uploaded, whatever a writer does meanwhile.
        Manifest manifest = ManifestCodec.parse(storeDir.resolve(StoreFiles.MANIFEST), manifestBytes);
        if (manifest.source() != null) {
            throw new IllegalArgumentException(storeDir + " is the index of the file " + manifest.source().name()
                    + ", not a store: upload the file and run `linestore index s3://...` on it instead");
        }
        Optional<ManifestCodec.Remote> previous = objects.getIfExists(target.bucket(),
                target.resolve(StoreFiles.MANIFEST)).map(json -> ManifestCodec.parseRemote(
                        target.path(StoreFiles.MANIFEST), json));
        abortIncompleteUploads(target, started);
        List<S3Object> listing = list(target);
        Map<String, S3Object> held = new HashMap<>();
        String prefix = target.resolve("");
        listing.forEach(object -> held.put(object.key().substring(prefix.length()), object));

        String folder = StoreObjects.relativeFilesDir(manifest) + "p"
                + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextLong()).substring(4) + "/";
        List<PushedObjects.Shard> shards = new ArrayList<>();
        long uploaded = 0;
        for (int k = 0; k < manifest.shards().size(); k++) {
            PushedObjects.Shard kept = unchanged(previous, manifest, k);
            ShardEntry shard = manifest.shards().get(k);
            Pushed data = keptOrUploaded(kept == null ? null : kept.dataKey(), kept == null ? null : kept.dataETag(),
                    held, new FileRange(StoreFiles.dataPath(storeDir, manifest, k), 0, shard.dataBytes()), target,
                    folder + StoreFiles.dataFile(manifest.layout(), k));
            uploaded += data.uploaded();
            Pushed index = null;
            if (manifest.indexStride() > 0) {
                long indexBytes = IndexFiles.committedBytes(manifest.index(), IndexFormat.Identity.of(manifest, k),
                        shard.lines(), shard.indexBytes());
                index = keptOrUploaded(kept == null ? null : kept.indexKey(), kept == null ? null : kept.indexETag(),
                        held, new FileRange(StoreFiles.indexPath(storeDir, manifest, k), 0, indexBytes), target,
                        folder + StoreFiles.indexFile(manifest.layout(), k));
                uploaded += index.uploaded();
            }
            shards.add(new PushedObjects.Shard(data.key(), data.eTag(), index == null ? null : index.key(),
                    index == null ? null : index.eTag()));
        }
        PushedObjects pushed = new PushedObjects(shards);
        if (previous.isPresent() && manifest.equals(previous.get().manifest())
                && pushed.equals(previous.get().objects())) {
            deleteLeftovers(target, listing, pushed, started);
            return 0;
        }
        byte[] remote = ManifestCodec.toJson(manifest, pushed);
        objects.put(target.bucket(), target.resolve(StoreFiles.MANIFEST), RequestBody.fromBytes(remote));
        uploaded += remote.length;
        previous.ifPresent(old -> deleteReplaced(target, old, pushed));
        deleteLeftovers(target, listing, pushed, started);
        return uploaded;
    }

    /**
     * A file's object and its ETag, and the bytes uploaded for it.
     *
     * @param key the key, relative to the prefix
     * @param eTag the server's ETag
     * @param uploaded bytes uploaded: 0 for an object kept
     */
    private record Pushed(String key, String eTag, long uploaded) {
    }

    /**
     * The object the committed manifest names for a file, if the prefix holds it whole (the file's
     * size, the ETag recorded at push), else the file uploaded under a new key.
     *
     * @param keptKey the key the committed manifest names for the file, or {@code null}
     * @param keptETag the ETag it records for it
     * @param held what the listing found below the prefix, by key relative to it
     * @param file the file's committed bytes
     * @param target the prefix
     * @param newKey the key to upload it under, relative to the prefix
     * @return the object kept, or the one uploaded
     */
    private Pushed keptOrUploaded(String keptKey, String keptETag, Map<String, S3Object> held, FileRange file,
            ObjectLocation target, String newKey) {
        S3Object there = keptKey == null ? null : held.get(keptKey);
        if (there != null && there.size() == file.length() && keptETag.equals(there.eTag())) {
            return new Pushed(keptKey, keptETag, 0);
        }
        return new Pushed(newKey, upload(file, target.bucket(), target.resolve(newKey)), file.length());
    }

    /**
     * The objects of shard {@code k} as the committed manifest names them, if they hold exactly this
     * shard: same store, generation, layout, index kind and shard entry (its sizes and checksums).
     */
    private static PushedObjects.Shard unchanged(Optional<ManifestCodec.Remote> previous, Manifest manifest, int k) {
        if (previous.isEmpty() || previous.get().objects() == null) {
            return null;
        }
        Manifest old = previous.get().manifest();
        boolean same = !old.replaces(manifest) && old.layout() == manifest.layout()
                && old.index().equals(manifest.index()) && k < old.shards().size()
                && old.shards().get(k).equals(manifest.shards().get(k));
        return same ? previous.get().objects().shards().get(k) : null;
    }

    /** Deletes the objects the replaced manifest named that the new one does not. */
    private void deleteReplaced(ObjectLocation target, ManifestCodec.Remote old, PushedObjects pushed) {
        Set<String> kept = keys(pushed);
        for (String key : keysOf(old)) {
            if (!kept.contains(key)) {
                objects.delete(target.bucket(), target.resolve(key));
            }
        }
    }

    /** The keys, relative to the prefix, of the data and index objects a manifest names. */
    private static List<String> keysOf(ManifestCodec.Remote remote) {
        if (remote.objects() != null) {
            return List.copyOf(keys(remote.objects()));
        }
        // A store copied to the bucket as files: its keys are its file names.
        Manifest old = remote.manifest();
        String files = StoreObjects.relativeFilesDir(old);
        List<String> keys = new ArrayList<>();
        for (int k = 0; k < old.shards().size(); k++) {
            keys.add(files + StoreFiles.dataFile(old.layout(), k));
            if (old.indexStride() > 0) {
                keys.add(files + StoreFiles.indexFile(old.layout(), k));
            }
        }
        return keys;
    }

    private static Set<String> keys(PushedObjects pushed) {
        Set<String> keys = new HashSet<>();
        for (PushedObjects.Shard shard : pushed.shards()) {
            keys.add(shard.dataKey());
            if (shard.indexKey() != null) {
                keys.add(shard.indexKey());
            }
        }
        return keys;
    }

    /** The objects below the prefix. */
    private List<S3Object> list(ObjectLocation target) {
        String prefix = target.resolve("");
        try {
            return objects.client().listObjectsV2Paginator(r -> r.bucket(target.bucket()).prefix(prefix)).contents()
                    .stream().toList();
        } catch (SdkException e) {
            throw objects.errors().failure(e, "LIST", target.bucket(), prefix);
        }
    }

    /** Deletes the listed objects in push folders that no manifest names, written before {@code started}. */
    private void deleteLeftovers(ObjectLocation target, List<S3Object> listing, PushedObjects pushed,
            Instant started) {
        Set<String> kept = keys(pushed);
        String prefix = target.resolve("");
        for (S3Object object : listing) {
            String relative = object.key().substring(prefix.length());
            if (PUSHED_KEY.matcher(relative).matches() && !kept.contains(relative)
                    && object.lastModified().isBefore(started)) {
                objects.delete(target.bucket(), object.key());
            }
        }
    }

    /** Aborts the multipart uploads below the prefix begun before {@code started}: a killed push's. */
    private void abortIncompleteUploads(ObjectLocation target, Instant started) {
        String prefix = target.resolve("");
        S3Client client = objects.client();
        try {
            for (MultipartUpload upload : client.listMultipartUploadsPaginator(r -> r.bucket(target.bucket())
                    .prefix(prefix)).uploads()) {
                if (upload.initiated() == null || upload.initiated().isBefore(started)) {
                    client.abortMultipartUpload(r -> r.bucket(target.bucket()).key(upload.key())
                            .uploadId(upload.uploadId()));
                }
            }
        } catch (SdkException e) {
            throw objects.errors().failure(e, "abort of the incomplete uploads below", target.bucket(), prefix);
        }
    }

    /**
     * Uploads a file range as an object: in one PUT up to the part size, else in parts.
     *
     * @param range the bytes
     * @param bucket the bucket
     * @param key the key
     * @return the new object's ETag
     */
    String upload(FileRange range, String bucket, String key) {
        if (range.length() <= partBytes) {
            return objects.put(bucket, key, RequestBody.fromContentProvider(range::open, range.length(), OCTETS));
        }
        S3Client client = objects.client();
        String uploadId;
        try {
            uploadId = client.createMultipartUpload(r -> r.bucket(bucket).key(key)).uploadId();
        } catch (SdkException e) {
            throw objects.errors().failure(e, "multipart upload of", bucket, key);
        }
        try {
            List<CompletedPart> parts = new ArrayList<>();
            for (long from = 0; from < range.length(); from += partBytes) {
                int number = parts.size() + 1;
                FileRange part = new FileRange(range.file(), range.from() + from, Math.min(partBytes,
                        range.length() - from));
                String eTag = client.uploadPart(r -> r.bucket(bucket).key(key).uploadId(uploadId).partNumber(number)
                        .contentLength(part.length()),
                        RequestBody.fromContentProvider(part::open, part.length(), OCTETS)).eTag();
                parts.add(CompletedPart.builder().partNumber(number).eTag(eTag).build());
            }
            return client.completeMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId)
                    .multipartUpload(m -> m.parts(parts))).eTag();
        } catch (SdkException e) {
            try {
                client.abortMultipartUpload(r -> r.bucket(bucket).key(key).uploadId(uploadId));
            } catch (SdkException abort) {
                e.addSuppressed(abort);
            }
            throw objects.errors().failure(e, "multipart upload of", bucket, key);
        }
    }
}
