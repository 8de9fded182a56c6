package io.linestore.s3;

import io.linestore.impl.blocks.CheckpointTable;
import io.linestore.impl.format.Manifest;
import io.linestore.impl.format.ManifestCodec;
import io.linestore.impl.format.PushedObjects;
import io.linestore.impl.format.ShardEntry;
import io.linestore.impl.format.SourceFile;
import io.linestore.impl.format.StoreFiles;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import java.util.zip.CRC32C;

/**
 * The objects of one store in a bucket, as its manifest names them: a store pushed below a prefix
 * ({@code prefix/manifest.json}, {@code prefix/gN/...}), or an object indexed in place
 * ({@code data/train.jsonl} with its sidecar {@code data/train.jsonl.lsidx/manifest.json},
 * {@code .../gN/data.idx} and {@code .../gN/source.properties}, the object's ETag and size when it
 * was indexed). A pushed store's manifest names its objects and their ETags ({@link PushedObjects});
 * the keys of a store copied there as files derive from the manifest's layout, generation and shard
 * numbers. Immutable.
 *
 * @param location where the store (or the indexed object) is
 * @param filesRoot the location below which the manifest and the index files lie (the store, or the sidecar)
 * @param manifest the manifest, fetched once
 * @param sourceETag for an object indexed in place, its ETag when indexed (or, on a web server, when
 *     opened; {@code null} if the server gives none); {@code null} for a store
 * @param sourceSize for an object indexed in place, its size when indexed; -1 for a store
 * @param pushed the objects a push uploaded the store's files as, or {@code null}
 */
record StoreObjects(ObjectLocation location, ObjectLocation filesRoot, Manifest manifest, String sourceETag, long sourceSize,
        PushedObjects pushed) {

    /** The sidecar file recording the indexed object's ETag and size, in the generation folder. */
    static final String SOURCE_FILE = "source.properties";

    /**
     * Finds the store at a location: a manifest below it, or else the sidecar index of the object it
     * names. An object indexed in place must still have the ETag and size it had when indexed.
     *
     * @param objects the client
     * @param location the store's prefix, or an object's key
     * @param cache where manifests read before are kept, and checks of objects made before
     * @return the store's objects
     * @throws S3StoreException if there is neither, or the indexed object changed since
     */
    static StoreObjects locate(ObjectReads objects, ObjectLocation location, IndexCache cache) {
        ManifestCache manifests = cache.manifests();
        Optional<byte[]> json = manifests.get(objects, location.bucket(), location.resolve(StoreFiles.MANIFEST));
        if (json.isPresent()) {
            ManifestCodec.Remote remote = ManifestCodec.parseRemote(location.path(StoreFiles.MANIFEST), json.get());
            Manifest manifest = remote.manifest();
            if (manifest.source() != null) {
                // The sidecar folder itself was named: read its object.
                ObjectLocation object = location.withKey(
                        location.key().substring(0, location.key().length() - StoreFiles.SIDECAR_SUFFIX.length()));
                return sidecar(objects, object, location, manifest, cache);
            }
            return new StoreObjects(location, location, manifest, null, -1, remote.objects());
        }
        ObjectLocation sidecar = location.withSuffix(StoreFiles.SIDECAR_SUFFIX);
        Optional<byte[]> sidecarJson = manifests.get(objects, sidecar.bucket(), sidecar.resolve(StoreFiles.MANIFEST));
        if (sidecarJson.isEmpty()) {
            throw new S3StoreException("no linestore at " + location + ": no " + StoreFiles.MANIFEST
                    + " below it (not a store, or a push that did not finish) and no index " + sidecar + "/ ("
                    + (location.isHttp() ? "linestore index FILE makes one, to serve beside the file; a server"
                            + " that hides missing files answers 403 for it"
                            : "linestore index " + location + " makes one") + ")", null);
        }
        Manifest manifest = ManifestCodec.parse(sidecar.path(StoreFiles.MANIFEST), sidecarJson.get());
        return sidecar(objects, location, sidecar, manifest, cache);
    }

    /**
     * Finds a file on a web server whose sidecar index lies elsewhere: at another URL, or in a local
     * folder ({@link ObjectLocation#local}, read through {@link LocalSidecarObjects}).
     *
     * @param objects the client
     * @param object the file
     * @param sidecar its sidecar index
     * @param cache where manifests read before are kept, and checks of files made before
     * @return the file's objects
     * @throws S3StoreException if the sidecar has no manifest, or the file is not the one indexed
     */
    static StoreObjects locate(ObjectReads objects, ObjectLocation object, ObjectLocation sidecar,
            IndexCache cache) {
        byte[] json = cache.manifests().get(objects, sidecar.bucket(), sidecar.resolve(StoreFiles.MANIFEST))
                .orElseThrow(() -> new S3StoreException("no linestore index at " + sidecar + ": it has no "
                        + StoreFiles.MANIFEST + " (linestore index FILE makes FILE" + StoreFiles.SIDECAR_SUFFIX + "/)",
                        null));
        return sidecar(objects, object, sidecar, ManifestCodec.parse(sidecar.path(StoreFiles.MANIFEST), json),
                cache);
    }

    private static StoreObjects sidecar(ObjectReads objects, ObjectLocation object, ObjectLocation sidecar,
            Manifest manifest, IndexCache cache) {
        if (object.isHttp()) {
            return servedFile(objects, object, sidecar, manifest, cache.checked());
        }
        String sourceKey = sidecar.resolve(relativeFilesDir(manifest) + SOURCE_FILE);
        byte[] recorded = objects.getIfExists(sidecar.bucket(), sourceKey).orElseThrow(() -> new S3StoreException(
                "the index " + sidecar + "/ lacks " + sourceKey + ": index " + object + " again", null, true));
        Properties source = new Properties();
        try {
            source.load(new StringReader(new String(recorded, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String eTag = source.getProperty("eTag");
        long size;
        try {
            size = Long.parseLong(source.getProperty("size", "-1"));
        } catch (NumberFormatException e) {
            size = -1;
        }
        if (eTag == null || size != manifest.dataBytes()) {
            throw new S3StoreException("the index " + sidecar + "/ is damaged (" + sourceKey + " records no ETag or"
                    + " another size than the manifest): index " + object + " again", null);
        }
        ObjectReads.Head head = objects.head(object.bucket(), object.key()).orElseThrow(() -> missing(object, sidecar));
        if (!eTag.equals(head.eTag()) || head.size() != size) {
            throw new S3StoreException("the index of " + object + " is stale: the object changed since it was indexed"
                    + " (ETag " + head.eTag() + ", " + head.size() + " bytes; indexed: " + eTag + ", " + size
                    + " bytes); index it again with `linestore index " + object + "`", null, true);
        }
        return new StoreObjects(object, sidecar, manifest, eTag, size, null);
    }

    /**
     * A file on a web server with the sidecar {@code linestore index} made of it, served beside it: the
     * file must have the size indexed and the CRC32C of the head and tail the sidecar records (two
     * ranged GETs, the second asking for the first one's ETag, or Last-Modified date from a server
     * that gives no ETag, and compared with it). Then, as a local file indexed in place is trusted by
     * its size and modification time, the file is trusted if the server dates it to the second the
     * indexed file was modified in; served with another date (or an ETag only), its whole content must
     * have the CRC32C the sidecar records ({@link CheckedVersions}: once per version); from a server
     * that gives neither ETag nor date, the head and tail decide. That version is then asked for by
     * every read.
     */
    private static StoreObjects servedFile(ObjectReads objects, ObjectLocation object, ObjectLocation sidecar,
            Manifest manifest, CheckedVersions checked) {
        long indexed = manifest.dataBytes();
        SourceFile source = manifest.source();
        String stale = sidecar.equals(object.withSuffix(StoreFiles.SIDECAR_SUFFIX))
                ? "; index it again (linestore index FILE) and serve the new " + object.name() + StoreFiles.SIDECAR_SUFFIX
                        + "/ beside it"
                : "; index it again (linestore index FILE) and give the new index";
        if (indexed == 0) {
            ObjectReads.Head head = objects.head(object.bucket(), object.key()).orElseThrow(() -> missing(object, sidecar));
            if (head.size() != 0) {
                throw new S3StoreException(object + " is " + head.size() + " bytes, indexed empty" + stale, null);
            }
            return new StoreObjects(object, sidecar, manifest, head.eTag(), 0, null);
        }
        long headEnd = Math.min(indexed, StoreFiles.PROBE_BYTES);
        ObjectReads.Range head = objects.getRange(object.bucket(), object.key(), 0, headEnd, null);
        if (head.objectSize() != indexed) {
            throw new S3StoreException(object + " is " + (head.objectSize() == ObjectReads.Range.SHORTER ? "empty"
                    : head.objectSize() + " bytes") + ", indexed at " + indexed + " bytes" + stale, null);
        }
        long tailStart = Math.max(0, indexed - StoreFiles.PROBE_BYTES);
        byte[] tail;
        if (tailStart == 0) {
            tail = head.bytes();
        } else {
            ObjectReads.Range answer = objects.getRange(object.bucket(), object.key(), tailStart, indexed, head.eTag());
            if (answer == null || answer.objectSize() != indexed
                    || (head.eTag() != null && !head.eTag().equals(answer.eTag()))) {
                throw new S3StoreException(object + " changed while it was opened; open it again", null);
            }
            tail = answer.bytes();
        }
        if (head.bytes().length != headEnd || tail.length != indexed - tailStart
                || crc32c(head.bytes()) != source.headCrc32c() || crc32c(tail) != source.tailCrc32c()) {
            throw new S3StoreException(object + " is not the file its index " + sidecar + "/ was made of (the CRC32C"
                    + " of its first or last " + StoreFiles.PROBE_BYTES + " bytes differs)" + stale, null);
        }
        boolean datedAsIndexed = head.modified() != null
                && head.modified().getEpochSecond() == Math.floorDiv(source.modifiedMillis(), 1000);
        // A file of at most twice the probe is whole in its head and tail: checked already.
        if (head.eTag() != null && !datedAsIndexed && indexed > 2L * StoreFiles.PROBE_BYTES) {
            ShardEntry entry = manifest.shards().get(0);
            Optional<String> mismatch = checked.mismatch(objects, object.bucket(), object.key(), head.eTag(), indexed,
                    entry.dataCrc32c());
            if (mismatch.isPresent()) {
                throw new S3StoreException(object + " is not the file its index " + sidecar + "/ was made of (served"
                        + " as " + head.eTag() + ", with another date than the file indexed, " + mismatch.get() + ")"
                        + stale, null);
            }
        }
        return new StoreObjects(object, sidecar, manifest, head.eTag(), indexed, null);
    }

    private static S3StoreException missing(ObjectLocation object, ObjectLocation sidecar) {
        return new S3StoreException("the object " + object + " indexed by " + sidecar + "/ no longer exists", null,
                true);
    }

    private static long crc32c(byte[] bytes) {
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        return crc.getValue();
    }

    /** {@code gN/} of a version-2 manifest, empty for version 1. */
    static String relativeFilesDir(Manifest manifest) {
        Path dir = StoreFiles.filesDir(Path.of(""), manifest);
        return dir.toString().isEmpty() ? "" : dir + "/";
    }

    String bucket() {
        return location.bucket();
    }

    /**
     * The bucket (or web server, or local folder) of the index files: the store's, or the sidecar's.
     *
     * @return the bucket
     */
    String indexBucket() {
        return filesRoot.bucket();
    }

    String uri() {
        return location.toString();
    }

    /**
     * Whether the data's last line may lack its {@code \n}: only an object indexed in place.
     *
     * @return {@code true} for an object indexed in place
     */
    boolean openEnd() {
        return inPlace();
    }

    /**
     * Whether this is an object indexed in place, its sidecar beside it.
     *
     * @return {@code true} for an object indexed in place, {@code false} for a store
     */
    boolean inPlace() {
        return sourceSize >= 0;
    }

    /**
     * The key of a shard's data object.
     *
     * @param shard the shard
     * @return the key
     */
    String dataKey(int shard) {
        if (inPlace()) {
            return location.key();
        }
        return filesRoot.resolve(pushed != null ? pushed.shards().get(shard).dataKey()
                : relativeFilesDir(manifest) + StoreFiles.dataFile(manifest.layout(), shard));
    }

    /**
     * The ETag a shard's data object had when it was pushed or indexed, as the manifest or the
     * sidecar records it.
     *
     * @param shard the shard
     * @return the ETag, or {@code null} for a store copied to the bucket as files
     */
    String recordedETag(int shard) {
        return inPlace() ? sourceETag : pushed != null ? pushed.shards().get(shard).dataETag() : null;
    }

    /**
     * The key of a shard's index object.
     *
     * @param shard the shard
     * @return the key
     */
    String indexKey(int shard) {
        return filesRoot.resolve(pushed != null ? pushed.shards().get(shard).indexKey()
                : relativeFilesDir(manifest) + StoreFiles.indexFile(manifest.layout(), shard));
    }

    /**
     * The size a shard's data object must have: what the manifest commits (a push uploads exactly
     * that), or the indexed object's size.
     *
     * @param shard the shard
     * @return bytes
     */
    long objectSize(int shard) {
        return inPlace() ? sourceSize : manifest.shards().get(shard).dataBytes();
    }

    /**
     * Whether the data objects hold compressed text, read through {@link FrameObjects}: the zstd
     * frames of a compressed store ({@code build --compress zstd}), or a gzip or zstd object indexed
     * in place ({@link #checkpointed()}).
     *
     * @return {@code true} for compressed data
     */
    boolean compressed() {
        return manifest.compression().compressed();
    }

    /**
     * Whether the object is a gzip or zstd file indexed in place, read through the checkpoint table of
     * its sidecar ({@link FrameObjects}).
     *
     * @return {@code true} for a compressed object indexed in place
     */
    boolean checkpointed() {
        return manifest.compression().inPlace();
    }

    /**
     * The key of the checkpoint table of a compressed object indexed in place.
     *
     * @return the key, below the sidecar
     */
    String checkpointsKey() {
        return filesRoot.resolve(relativeFilesDir(manifest) + CheckpointTable.FILE);
    }

    /**
     * The bytes of a shard's text, in which its index's entries lie: its data object's size, or for a
     * compressed store or object the text its frames (or checkpoints) hold.
     *
     * @param shard the shard
     * @return bytes
     */
    long textBytes(int shard) {
        return compressed() ? manifest.shards().get(shard).textBytes() : objectSize(shard);
    }

    Path dataPath(int shard) {
        return Path.of(location.bucket(), dataKey(shard));
    }

    Path indexPath(int shard) {
        return Path.of(filesRoot.bucket(), indexKey(shard));
    }

    String indexName(int shard) {
        return indexPath(shard).toString();
    }

    String dataName(int shard) {
        return location.bucket() + "/" + dataKey(shard);
    }
}
