package io.linestore.impl.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.linestore.CorruptStoreException;
import io.linestore.Compression;
import io.linestore.IndexKind;
import io.linestore.Layout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The manifest reads back as written, and anything a writer could not have written is refused by name. */
class ManifestCodecTest {

    @TempDir
    Path store;

    private Manifest written() {
        return Manifest.empty(3, Layout.SINGLE, IndexKind.DENSE, Long.MAX_VALUE, 1024, Compression.NONE)
                .withShards(List.of(ShardEntry.plain(2, 10, 77, 72, 88, 77, true)), null);
    }

    @Test
    void readsBackWhatItPublished() {
        Manifest manifest = written();
        ManifestCodec.publish(store, manifest, false);
        assertThat(ManifestCodec.read(store)).isEqualTo(manifest);
        assertThat(store.resolve(StoreFiles.MANIFEST_TEMP)).doesNotExist();
    }

    @Test
    void aPushedManifestReadsBackWithItsObjectsAndALocalOneHasNone() {
        Manifest manifest = written();
        PushedObjects objects = new PushedObjects(List.of(new PushedObjects.Shard("g3/p0123456789ab/data.lines",
                "\"etag-data\"", "g3/p0123456789ab/data.idx", "\"etag-index\"")));
        ManifestCodec.Remote remote = ManifestCodec.parseRemote(store.resolve("manifest.json"),
                ManifestCodec.toJson(manifest, objects));
        assertThat(remote.manifest()).isEqualTo(manifest);
        assertThat(remote.objects()).isEqualTo(objects);
        ManifestCodec.publish(store, manifest, false);
        assertThat(ManifestCodec.parseRemote(store.resolve("manifest.json"),
                readBytes(store.resolve("manifest.json"))).objects()).isNull();
    }

    @ParameterizedTest
    @ValueSource(strings = {"../other/data.lines", "/abs/data.lines", "g3//data.lines", "g3/../../x"})
    void refusesPushedObjectsOutsideTheStoresPrefix(String key) {
        String json = new String(ManifestCodec.toJson(written(), new PushedObjects(List.of(new PushedObjects.Shard(
                "g3/p0123456789ab/data.lines", "\"d\"", "g3/p0123456789ab/data.idx", "\"i\"")))),
                StandardCharsets.UTF_8).replace("g3/p0123456789ab/data.lines", key);
        assertThatThrownBy(() -> ManifestCodec.parseRemote(store.resolve("manifest.json"),
                json.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining("not a key below the store's prefix");
    }

    @Test
    void refusesPushedObjectsForAnotherNumberOfShards() {
        String json = new String(ManifestCodec.toJson(written(), new PushedObjects(List.of(new PushedObjects.Shard(
                "a.lines", "\"d\"", "a.idx", "\"i\"")))), StandardCharsets.UTF_8)
                .replace("\"objects\": [", "\"objects\": [{\"data\": \"b\", \"dataETag\": \"e\", \"index\": \"c\","
                        + " \"indexETag\": \"f\"},");
        assertThatThrownBy(() -> ManifestCodec.parseRemote(store.resolve("manifest.json"),
                json.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining("objects names 2 shards, the manifest has 1");
    }

    private static byte[] readBytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A negative line count is refused, and so is text after the JSON. */
    @Test
    void refusesANegativeLineCount() throws IOException {
        ManifestCodec.publish(store, written(), false);
        Path file = store.resolve(StoreFiles.MANIFEST);
        Files.writeString(file, Files.readString(file).replace("\"lineCount\": 2", "\"lineCount\": -2")
                .replace("\"lines\": 2", "\"lines\": -2"));
        assertThatThrownBy(() -> ManifestCodec.read(store)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining("shard 0 has lines=-2, which is negative").hasMessageNotContaining("Entry[");
    }

    @Test
    void namesMalformedJsonAndWhereOnOneLine() throws IOException {
        ManifestCodec.publish(store, written(), false);
        Path file = store.resolve(StoreFiles.MANIFEST);
        String json = Files.readString(file);
        Files.writeString(file, json.replaceFirst("\"format\"", "// a comment\n  \"format\""));
        assertThatThrownBy(() -> ManifestCodec.read(store)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("malformed JSON at line 2")
                .hasMessageNotContaining("\n").hasMessageNotContaining("Strictness");
        Files.writeString(file, json.substring(0, json.length() / 2));
        assertThatThrownBy(() -> ManifestCodec.read(store)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("End of input at line")
                .hasMessageNotContaining("\n");
    }

    @Test
    void refusesTextAfterTheJson() throws IOException {
        ManifestCodec.publish(store, written(), false);
        Path file = store.resolve(StoreFiles.MANIFEST);
        Files.writeString(file, Files.readString(file) + "{ \"more\": 1 }");
        assertThatThrownBy(() -> ManifestCodec.read(store)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("text after its end");
    }

    @Test
    void refusesAVersion2ManifestWithoutAGeneration() throws IOException {
        ManifestCodec.publish(store, written(), false);
        Path file = store.resolve(StoreFiles.MANIFEST);
        Files.writeString(file, Files.readString(file).replace("\"generation\": 3", "\"generation\": 0"));
        assertThatThrownBy(() -> ManifestCodec.read(store)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining("generation=0");
    }

    @ParameterizedTest
    @ValueSource(strings = {"compact", "compact:64", "dense", "sparse:4", "none"})
    void namesTheIndexKindAndReadsItBack(String kind) throws IOException {
        IndexKind index = IndexKind.parse(kind);
        Manifest manifest = Manifest.empty(3, Layout.SINGLE, index, Long.MAX_VALUE, 1024, Compression.NONE)
                .withShards(List.of(ShardEntry.plain(2, 10, 77, index.stride() == 0 ? 0 : 400, 88, 77, false)), null);
        ManifestCodec.publish(store, manifest, false);
        assertThat(Files.readString(store.resolve(StoreFiles.MANIFEST)))
                .contains("\"indexStride\": " + index.stride() + ",", "\"index\": \"" + kind + "\"");
        assertThat(ManifestCodec.read(store).index()).isEqualTo(index);
    }

    /** Version 2 as main wrote it before the compact index: no "index", the stride alone says which. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 4})
    void aVersion2ManifestWithoutAnIndexKindMeansTheStride(int stride) throws IOException {
        IndexKind index = IndexKind.ofStride(stride);
        ManifestCodec.publish(store, Manifest.empty(3, Layout.SINGLE, index, Long.MAX_VALUE, 1024, Compression.NONE)
                .withShards(List.of(ShardEntry.plain(2, 10, 77, stride == 0 ? 0 : 72, 88, 77, true)), null), false);
        Path file = store.resolve(StoreFiles.MANIFEST);
        Files.writeString(file, Files.readString(file).replace("\"index\": \"" + index + "\",", ""));
        assertThat(Files.readString(file)).doesNotContain("\"index\"");
        Manifest read = ManifestCodec.read(store);
        assertThat(read.version()).isEqualTo(Manifest.VERSION);
        assertThat(read.index()).isEqualTo(index);
    }

    /** Version 2 as main wrote it before data files had an identity: no "dataHeadCrc32c", nothing to check. */
    @Test
    void aVersion2ManifestWithoutADataHeadLeavesItUnrecordedAndWritesItBackSo() throws IOException {
        ManifestCodec.publish(store, written(), false);
        Path file = store.resolve(StoreFiles.MANIFEST);
        assertThat(Files.readString(file)).contains("\"dataHeadCrc32c\": 77,");
        Files.writeString(file, Files.readString(file).replace("\"dataHeadCrc32c\": 77,", ""));
        Manifest read = ManifestCodec.read(store);
        assertThat(read.shards().getFirst().dataHeadCrc32c()).isEqualTo(DataFileIdentity.UNRECORDED);
        ManifestCodec.publish(store, read, false);
        assertThat(Files.readString(file)).doesNotContain("dataHeadCrc32c");
        assertThat(ManifestCodec.read(store)).isEqualTo(read);
    }

    @ParameterizedTest
    @ValueSource(strings = {"-1", "4294967296"})
    void refusesADataHeadThatIsNoCrc32c(String value) throws IOException {
        ManifestCodec.publish(store, written(), false);
        Path file = store.resolve(StoreFiles.MANIFEST);
        Files.writeString(file, Files.readString(file).replace("\"dataHeadCrc32c\": 77",
                "\"dataHeadCrc32c\": " + value));
        assertThatThrownBy(() -> ManifestCodec.read(store)).isInstanceOf(CorruptStoreException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("dataHeadCrc32c=" + value);
    }
}
