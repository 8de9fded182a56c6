package io.linestore.impl.format;

import com.google.gson.Strictness;
import com.google.gson.stream.JsonReader;
import com.google.gson.stream.JsonToken;
import com.google.gson.stream.JsonWriter;
import com.google.gson.stream.MalformedJsonException;
import io.linestore.Compression;
import io.linestore.CorruptStoreException;
import io.linestore.IndexKind;
import io.linestore.Layout;
import io.linestore.StoreNotFoundException;
import io.linestore.UnsupportedFormatException;
import java.io.EOFException;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and publishes {@code manifest.json}. Thread-safe.
 *
 * <p>Publishing writes a temporary file and renames it over the manifest atomically, so readers see
 * the old manifest or the new one, never a part of either. Reading checks that the manifest is a
 * linestore manifest of a known version and that its numbers add up; it does not touch the data.
 *
 * <p>JSON goes through Gson's streaming reader and writer, strict JSON: every {@code linestore read}
 * opens a manifest, so the parser's start-up is part of every short command. Jackson's parsers
 * initialise {@code BigDecimal}, whose JDK 25 static initialiser computes 5^65536 (about 25 ms of
 * CPU per process, AOT cache or not); Gson's reader touches no big numbers.
 */
public final class ManifestCodec {

    private ManifestCodec() {
    }

    /**
     * Reads and checks the manifest of a store.
     *
     * @param storeDir the store directory
     * @return the manifest
     * @throws StoreNotFoundException if the directory or its manifest does not exist
     * @throws CorruptStoreException if the manifest is not valid JSON or its numbers disagree
     * @throws UnsupportedFormatException if its version is none of {@link Manifest#VERSION_1},
     *     {@link Manifest#VERSION} and {@link Manifest#VERSION_COMPRESSED}
     * @throws UncheckedIOException if reading fails
     */
    public static Manifest read(Path storeDir) {
        if (!Files.isDirectory(storeDir)) {
            throw new StoreNotFoundException(storeDir,
                    Files.exists(storeDir) ? "not a directory" : "no such directory");
        }
        Path file = storeDir.resolve(StoreFiles.MANIFEST);
        byte[] json;
        try {
            json = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new StoreNotFoundException(storeDir, "no " + StoreFiles.MANIFEST
                    + " (not a store, or a build that did not finish)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return parse(file, json);
    }

    /**
     * Parses and checks a manifest's bytes, fetched from wherever the store lives.
     *
     * @param file the manifest's name, for messages; its parent is the store (or sidecar) directory
     * @param json the manifest's bytes
     * @return the manifest
     * @throws CorruptStoreException if the manifest is not valid JSON or its numbers disagree
     * @throws UnsupportedFormatException if its version is none of {@link Manifest#VERSION_1},
     *     {@link Manifest#VERSION} and {@link Manifest#VERSION_COMPRESSED}
     */
    public static Manifest parse(Path file, byte[] json) {
        Fields fields = fields(file, json);
        Manifest manifest = toManifest(fields);
        check(file, manifest);
        return manifest;
    }

    /**
     * A manifest as object storage holds it: the manifest, and the objects a push uploaded its files
     * as (see {@link PushedObjects}), or none for a store copied there as files.
     *
     * @param manifest the manifest
     * @param objects the pushed objects, one per shard; {@code null} if the manifest names none
     */
    public record Remote(Manifest manifest, PushedObjects objects) {
    }

    /**
     * Parses and checks a manifest fetched from object storage, with its {@code objects} member.
     *
     * @param file the manifest's name, for messages
     * @param json the manifest's bytes
     * @return the manifest and its pushed objects
     * @throws CorruptStoreException as {@link #parse}, or if {@code objects} is malformed or has
     *     another count than the shards
     * @throws UnsupportedFormatException as {@link #parse}
     */
    public static Remote parseRemote(Path file, byte[] json) {
        Fields fields = fields(file, json);
        Manifest manifest = toManifest(fields);
        check(file, manifest);
        if (!fields.has("objects")) {
            return new Remote(manifest, null);
        }
        boolean indexed = manifest.indexStride() > 0;
        List<PushedObjects.Shard> shards = new ArrayList<>();
        for (Fields shard : fields.objects("objects")) {
            try {
                shards.add(new PushedObjects.Shard(shard.string("data"), shard.string("dataETag"),
                        indexed ? shard.string("index") : null, indexed ? shard.string("indexETag") : null));
            } catch (IllegalArgumentException e) {
                throw shard.corrupt(e.getMessage());
            }
        }
        if (shards.size() != manifest.shards().size()) {
            throw new CorruptStoreException(file, "objects names " + shards.size() + " shards, the manifest has "
                    + manifest.shards().size());
        }
        return new Remote(manifest, new PushedObjects(shards));
    }

    /**
     * The JSON of a manifest to put in object storage: the manifest's fields and the objects its files
     * were uploaded as.
     *
     * @param manifest the manifest
     * @param objects the pushed objects, one per shard
     * @return the JSON's bytes, UTF-8
     * @throws IllegalArgumentException if {@code objects} has another count than the shards
     */
    public static byte[] toJson(Manifest manifest, PushedObjects objects) {
        if (objects.shards().size() != manifest.shards().size()) {
            throw new IllegalArgumentException("objects for " + objects.shards().size() + " shards, the manifest has "
                    + manifest.shards().size());
        }
        try {
            return json(manifest, objects);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The top-level object of a manifest's JSON, strictly parsed. */
    private static Fields fields(Path file, byte[] json) {
        String text = new String(json, StandardCharsets.UTF_8);
        if (text.isBlank()) {
            throw new CorruptStoreException(file, "empty manifest");
        }
        JsonReader reader = new JsonReader(new StringReader(text));
        reader.setStrictness(Strictness.STRICT);
        try (reader) {
            Fields fields = new Fields(file, "manifest", asObject(file, "manifest", value(reader)));
            if (!atEnd(reader)) {
                throw new CorruptStoreException(file, "not a valid manifest: text after its end," + location(reader));
            }
            return fields;
        } catch (MalformedJsonException | EOFException | IllegalStateException | NumberFormatException e) {
            throw new CorruptStoreException(file, "not a valid manifest: " + reason(e, reader), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
    }

    /**
     * Writes the manifest: to a temporary file first, forced to the device when {@code fsync}, then
     * renamed over {@code manifest.json} atomically.
     *
     * @param storeDir the store directory
     * @param manifest the manifest
     * @param fsync whether to force the manifest and the directory to the device
     * @throws UncheckedIOException if writing fails; the previous manifest, if any, is untouched, unless
     *     the failure is in forcing the directory after the rename (with {@code fsync}), when the new
     *     manifest is in place but maybe not yet durable (the message says so)
     */
    public static void publish(Path storeDir, Manifest manifest, boolean fsync) {
        Path temp = storeDir.resolve(StoreFiles.MANIFEST_TEMP);
        try {
            byte[] json = json(manifest, null);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.CREATE,
                    StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(json);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                if (fsync) {
                    channel.force(true);
                }
            }
            Files.move(temp, storeDir.resolve(StoreFiles.MANIFEST), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the manifest of " + storeDir, e);
        }
        try {
            if (fsync) {
                forceDirectory(storeDir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the new manifest of " + storeDir + " is in place (the write is committed)"
                    + " but forcing the directory to the device failed: " + e.getMessage(), e);
        }
    }

    /** The manifest's JSON; with the pushed objects for object storage, or {@code null} for a local store. */
    private static byte[] json(Manifest m, PushedObjects objects) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonWriter json = new JsonWriter(out)) {
            json.setIndent("  ");
            json.beginObject();
            json.name("format").value(m.format());
            json.name("version").value(m.version());
            if (m.version() != Manifest.VERSION_1) {
                json.name("generation").value(m.generation());
                json.name("storeId").value(m.storeId());
            }
            json.name("layout").value(m.layout().name());
            json.name("lineCount").value(m.lineCount());
            json.name("dataBytes").value(m.dataBytes());
            json.name("indexBytes").value(m.indexBytes());
            json.name("indexStride").value(m.indexStride());
            if (m.version() != Manifest.VERSION_1) {
                json.name("index").value(m.index().toString());
            }
            json.name("linesPerShard").value(m.linesPerShard());
            json.name("autoThresholdBytes").value(m.autoThresholdBytes());
            if (m.compression().compressed()) {
                json.name("compression").value(m.compression().toString());
                json.name("blockBytes").value(m.compression().blockBytes());
            }
            json.name("shards").beginArray();
            for (ShardEntry shard : m.shards()) {
                json.beginObject();
                json.name("lines").value(shard.lines());
                json.name("dataBytes").value(shard.dataBytes());
                json.name("dataCrc32c").value(shard.dataCrc32c());
                // Version 1 stays as it was written: it has no identities, of data or index files.
                if (m.version() != Manifest.VERSION_1 && shard.dataHeadCrc32c() != DataFileIdentity.UNRECORDED) {
                    json.name("dataHeadCrc32c").value(shard.dataHeadCrc32c());
                }
                json.name("indexBytes").value(shard.indexBytes());
                json.name("indexCrc32c").value(shard.indexCrc32c());
                if (m.compression().compressed()) {
                    json.name("textBytes").value(shard.textBytes());
                }
                // Absent means unknown: manifests written before the field read as they always did.
                if (shard.loneNewlines() && m.version() != Manifest.VERSION_1) {
                    json.name("loneNewlines").value(true);
                }
                json.endObject();
            }
            json.endArray();
            if (m.source() == null) {
                json.name("source").nullValue();
            } else {
                json.name("source").beginObject();
                json.name("name").value(m.source().name());
                json.name("modifiedMillis").value(m.source().modifiedMillis());
                json.name("headCrc32c").value(m.source().headCrc32c());
                json.name("tailCrc32c").value(m.source().tailCrc32c());
                if (m.compression().inPlace()) {
                    json.name("checkpointsBytes").value(m.source().checkpointsBytes());
                    json.name("checkpointsCrc32c").value(m.source().checkpointsCrc32c());
                    json.name("textEndsInsideLine").value(m.source().textEndsInsideLine());
                }
                // Absent where the file system gives none: then size and modification time alone tell.
                if (m.source().changedNanos() != FileStamp.UNKNOWN) {
                    json.name("changedNanos").value(m.source().changedNanos());
                }
                if (m.source().inode() != FileStamp.UNKNOWN) {
                    json.name("device").value(m.source().device());
                    json.name("inode").value(m.source().inode());
                }
                json.endObject();
            }
            if (objects != null) {
                json.name("objects").beginArray();
                for (PushedObjects.Shard shard : objects.shards()) {
                    json.beginObject();
                    json.name("data").value(shard.dataKey());
                    json.name("dataETag").value(shard.dataETag());
                    if (shard.indexKey() != null) {
                        json.name("index").value(shard.indexKey());
                        json.name("indexETag").value(shard.indexETag());
                    }
                    json.endObject();
                }
                json.endArray();
            }
            json.endObject();
        }
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static Manifest toManifest(Fields m) {
        int version = m.integer("version");
        boolean generations = version == Manifest.VERSION || version == Manifest.VERSION_COMPRESSED;
        boolean compressed = version == Manifest.VERSION_COMPRESSED;
        List<ShardEntry> shards = new ArrayList<>();
        for (Fields shard : m.objects("shards")) {
            long dataBytes = shard.number("dataBytes");
            shards.add(new ShardEntry(shard.number("lines"), dataBytes, shard.number("dataCrc32c"),
                    shard.number("indexBytes"), shard.number("indexCrc32c"), dataHeadCrc32c(shard, generations),
                    compressed ? shard.number("textBytes") : dataBytes,
                    // Version 1 has no such field and never writes it (see json): one found there is ignored.
                    generations && shard.flag("loneNewlines")));
        }
        Fields source = m.objectOrNull("source");
        String layout = m.string("layout");
        Layout parsedLayout;
        try {
            parsedLayout = Layout.valueOf(layout);
        } catch (IllegalArgumentException e) {
            throw m.corrupt("layout \"" + layout + "\" is neither SINGLE nor SHARDED");
        }
        return new Manifest(m.string("format"), version, generations ? m.number("generation") : 0,
                generations ? m.number("storeId") : 0, parsedLayout, m.number("lineCount"),
                m.number("dataBytes"), m.number("indexBytes"), indexKind(m, generations), m.number("linesPerShard"),
                m.number("autoThresholdBytes"), shards, source == null ? null : sourceFile(source, compressed),
                compressed ? compression(m, source != null) : Compression.NONE);
    }

    /**
     * A sidecar's {@code source}: a compressed file's names its checkpoint table too. A field written
     * since sidecars record more of their file, and absent from an older one, reads as unknown.
     */
    private static SourceFile sourceFile(Fields source, boolean compressed) {
        boolean keyed = source.has("inode");
        SourceFile file = new SourceFile(source.string("name"), source.number("modifiedMillis"),
                source.number("headCrc32c"), source.number("tailCrc32c"), 0, 0,
                source.has("changedNanos") ? source.number("changedNanos") : FileStamp.UNKNOWN,
                keyed ? source.number("device") : FileStamp.UNKNOWN, keyed ? source.number("inode") : FileStamp.UNKNOWN,
                true);
        return compressed ? file.withCheckpoints(source.number("checkpointsBytes"), source.number("checkpointsCrc32c"),
                !source.has("textEndsInsideLine") || source.flag("textEndsInsideLine")) : file;
    }

    /**
     * A compressed store's {@code compression} and {@code blockBytes}; a sidecar's are those of the
     * compressed file it indexes in place.
     */
    private static Compression compression(Fields m, boolean inPlace) {
        String text = m.string("compression");
        long blockBytes = m.number("blockBytes");
        try {
            Compression compression = inPlace ? Compression.inPlace(text, Compression.MIN_BLOCK_BYTES)
                    : Compression.parse(text);
            if (!compression.compressed()) {
                throw m.corrupt("version " + Manifest.VERSION_COMPRESSED + " is a compressed store, but compression=\""
                        + text + "\"");
            }
            return compression.withBlockBytes(Math.toIntExact(blockBytes));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw m.corrupt("compression \"" + text + "\" with blockBytes=" + blockBytes + ": " + e.getMessage());
        }
    }

    /**
     * A shard's {@code dataHeadCrc32c}: version 2 records it since data files have an identity; an
     * older version-2 manifest, and every version-1 one, does not, and its shards go unchecked.
     */
    private static long dataHeadCrc32c(Fields shard, boolean mayRecord) {
        if (!mayRecord || !shard.has("dataHeadCrc32c")) {
            return DataFileIdentity.UNRECORDED;
        }
        long crc = shard.number("dataHeadCrc32c");
        if (crc < 0 || crc > 0xFFFF_FFFFL) {
            throw shard.corrupt("dataHeadCrc32c=" + crc + " is no CRC32C (0 to 4294967295)");
        }
        return crc;
    }

    /**
     * The index kind: version 2 may name it ({@code "index"}), which must then agree with the stride;
     * without it, and always in version 1, the stride alone says dense, sparse or none.
     */
    private static IndexKind indexKind(Fields m, boolean mayName) {
        int stride = m.integer("indexStride");
        if (stride < 0) {
            throw m.corrupt("indexStride=" + stride + " is negative");
        }
        if (!mayName || !m.has("index")) {
            return IndexKind.ofStride(stride);
        }
        String text = m.string("index");
        IndexKind kind;
        try {
            kind = IndexKind.parse(text);
        } catch (IllegalArgumentException e) {
            throw m.corrupt(e.getMessage());
        }
        if (kind.stride() != stride) {
            throw m.corrupt("index \"" + text + "\" has " + kind.stride() + " lines per entry, but indexStride="
                    + stride);
        }
        return kind;
    }

    /** A JSON value as plain Java: Map, List, String, Long, Double, Boolean or null. */
    private static Object value(JsonReader reader) throws IOException {
        return switch (reader.peek()) {
            case BEGIN_OBJECT -> {
                Map<String, Object> object = new HashMap<>();
                reader.beginObject();
                while (reader.hasNext()) {
                    object.put(reader.nextName(), value(reader));
                }
                reader.endObject();
                yield object;
            }
            case BEGIN_ARRAY -> {
                List<Object> array = new ArrayList<>();
                reader.beginArray();
                while (reader.hasNext()) {
                    array.add(value(reader));
                }
                reader.endArray();
                yield array;
            }
            case STRING -> reader.nextString();
            case NUMBER -> number(reader.nextString());
            case BOOLEAN -> reader.nextBoolean();
            case NULL -> {
                reader.nextNull();
                yield null;
            }
            default -> throw new MalformedJsonException("unexpected " + reader.peek() + location(reader));
        };
    }

    /** A JSON number's text as a Long when it is an integer that fits one, else as a Double. */
    private static Object number(String text) {
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException notALong) {
            return Double.parseDouble(text);
        }
    }

    /** Where the reader is, as Gson words it: " at line L column C path P". */
    private static String location(JsonReader reader) {
        String where = reader.toString();
        int at = where.indexOf(" at line ");
        return at < 0 ? "" : where.substring(at);
    }

    /** Whether nothing but white space follows the JSON value read (strict Gson refuses a second value). */
    private static boolean atEnd(JsonReader reader) throws IOException {
        try {
            return reader.peek() == JsonToken.END_DOCUMENT;
        } catch (MalformedJsonException e) {
            return false;
        }
    }

    /**
     * What Gson found wrong, on one line: its messages may add a second (a link to its guide), and
     * where strict parsing refuses lenient JSON they advise a setting instead of naming the fault.
     */
    private static String reason(Exception e, JsonReader reader) {
        String message = String.valueOf(e.getMessage());
        int end = message.indexOf('\n');
        String first = end < 0 ? message : message.substring(0, end);
        return first.startsWith("Use JsonReader.setStrictness") ? "malformed JSON" + location(reader) : first;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> asObject(Path file, String what, Object value) {
        if (!(value instanceof Map<?, ?> map)) {
            throw new CorruptStoreException(file, what + " is not a JSON object");
        }
        return (Map<String, Object>) map;
    }

    /** The fields of one JSON object, each read as the type the manifest needs or rejected by name. */
    private record Fields(Path file, String what, Map<String, Object> values) {

        CorruptStoreException corrupt(String detail) {
            return new CorruptStoreException(file, what + ": " + detail);
        }

        boolean has(String name) {
            return values.containsKey(name);
        }

        private Object get(String name) {
            if (!values.containsKey(name)) {
                throw corrupt("'" + name + "' is missing");
            }
            return values.get(name);
        }

        String string(String name) {
            if (get(name) instanceof String text) {
                return text;
            }
            throw corrupt("'" + name + "' is not a string: " + values.get(name));
        }

        long number(String name) {
            if (get(name) instanceof Long number) {
                return number;
            }
            throw corrupt("'" + name + "' is not a whole number: " + values.get(name));
        }

        /** A boolean that may be absent, which is {@code false}. */
        boolean flag(String name) {
            if (!values.containsKey(name)) {
                return false;
            }
            if (values.get(name) instanceof Boolean flag) {
                return flag;
            }
            throw corrupt("'" + name + "' is not true or false: " + values.get(name));
        }

        int integer(String name) {
            long number = number(name);
            if (number != (int) number) {
                throw corrupt("'" + name + "' is out of range: " + number);
            }
            return (int) number;
        }

        List<Fields> objects(String name) {
            if (!(get(name) instanceof List<?> list)) {
                throw corrupt("'" + name + "' is not an array");
            }
            List<Fields> objects = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) {
                String element = name + "[" + i + "]";
                objects.add(new Fields(file, element, asObject(file, element, list.get(i))));
            }
            return objects;
        }

        Fields objectOrNull(String name) {
            Object value = get(name);
            return value == null ? null : new Fields(file, name, asObject(file, name, value));
        }
    }

    /** A sidecar {@code x.lsidx} may only index the file {@code x} next to it. */
    private static boolean isSiblingName(Path sidecarDir, String name) {
        return name != null && (name + StoreFiles.SIDECAR_SUFFIX).equals(sidecarDir.getFileName().toString());
    }

    /**
     * Forces a directory's entries (files created, renamed) to the device.
     *
     * @param dir the directory
     * @throws IOException if forcing fails
     */
    public static void forceDirectory(Path dir) throws IOException {
        // Makes the rename itself durable; Linux allows force() on a directory opened for reading.
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    /** A shard's sizes that no shard can have, in words: the field, its value and why. */
    private static void checkSizes(Path file, int k, ShardEntry shard, int stride) {
        String problem = null;
        if (shard.lines() < 0) {
            problem = "lines=" + shard.lines() + ", which is negative";
        } else if (shard.textBytes() < shard.lines()) {
            problem = "lines=" + shard.lines() + " but " + (shard.textBytes() == shard.dataBytes() ? "dataBytes="
                    : "textBytes=") + shard.textBytes() + ": every line takes at least one byte, its \\n";
        } else if (shard.dataBytes() < 0) {
            problem = "dataBytes=" + shard.dataBytes() + ", which is negative";
        } else if (shard.indexBytes() < 0) {
            problem = "indexBytes=" + shard.indexBytes() + ", which is negative";
        } else if (stride == 0 && shard.indexBytes() != 0) {
            problem = "indexBytes=" + shard.indexBytes() + ", but the store has no index (indexStride=0)";
        }
        if (problem != null) {
            throw new CorruptStoreException(file, "shard " + k + " has " + problem);
        }
    }

    private static void check(Path file, Manifest m) {
        if (!Manifest.FORMAT.equals(m.format())) {
            throw new CorruptStoreException(file, "not a linestore manifest: format=" + m.format());
        }
        if (m.version() != Manifest.VERSION && m.version() != Manifest.VERSION_1
                && m.version() != Manifest.VERSION_COMPRESSED) {
            throw new UnsupportedFormatException(file, m.version(), Manifest.VERSION_COMPRESSED);
        }
        if (m.version() != Manifest.VERSION_1 && (m.generation() < 1 || m.storeId() == 0)) {
            throw new CorruptStoreException(file, "generation=" + m.generation() + " or storeId=" + m.storeId()
                    + " is impossible: the generation is >= 1 and the id never 0");
        }
        if (m.layout() == null || m.shards() == null) {
            throw new CorruptStoreException(file, "layout or shards is null");
        }
        if (m.source() != null && !isSiblingName(file.getParent(), m.source().name())) {
            throw new CorruptStoreException(file, "a sidecar of " + file.getParent().getFileName()
                    + " cannot index the file " + m.source().name());
        }
        if (m.autoThresholdBytes() < 0) {
            throw new CorruptStoreException(file, "autoThresholdBytes=" + m.autoThresholdBytes() + " is negative");
        }
        if (m.layout() == Layout.SINGLE && (m.shards().size() != 1 || m.linesPerShard() != Long.MAX_VALUE)) {
            throw new CorruptStoreException(file, "a single-file store needs exactly 1 shard and linesPerShard="
                    + Long.MAX_VALUE + ", found shards=" + m.shards().size() + ", linesPerShard=" + m.linesPerShard());
        }
        if (m.linesPerShard() < 1) {
            throw new CorruptStoreException(file, "linesPerShard=" + m.linesPerShard() + " is below 1");
        }
        long lines = 0;
        long dataBytes = 0;
        long indexBytes = 0;
        int last = m.shards().size() - 1;
        for (int k = 0; k <= last; k++) {
            ShardEntry shard = m.shards().get(k);
            boolean full = shard.lines() == m.linesPerShard();
            boolean partialLast = k == last && shard.lines() < m.linesPerShard()
                    && (shard.lines() > 0 || m.layout() == Layout.SINGLE);
            if (!full && !partialLast) {
                throw new CorruptStoreException(file, "shard " + k + " has lines=" + shard.lines()
                        + ", expected " + m.linesPerShard() + (k == last ? " or fewer (but at least 1)" : ""));
            }
            checkSizes(file, k, shard, m.indexStride());
            lines += shard.lines();
            dataBytes += shard.dataBytes();
            indexBytes += shard.indexBytes();
        }
        if (lines != m.lineCount() || dataBytes != m.dataBytes() || indexBytes != m.indexBytes()) {
            throw new CorruptStoreException(file, "totals disagree with the shards: lineCount=" + m.lineCount()
                    + " vs " + lines + ", dataBytes=" + m.dataBytes() + " vs " + dataBytes
                    + ", indexBytes=" + m.indexBytes() + " vs " + indexBytes);
        }
    }
}
