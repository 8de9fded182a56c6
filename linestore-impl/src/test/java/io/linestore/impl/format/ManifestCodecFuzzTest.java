package io.linestore.impl.format;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.linestore.CorruptStoreException;
import io.linestore.UnsupportedFormatException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code manifest.json} of any bytes, as object storage serves it ({@link ManifestCodec#parseRemote},
 * which reads what a local store's manifest holds and the pushed objects), is refused with a
 * {@link CorruptStoreException} or {@link UnsupportedFormatException} naming it, or read into a
 * manifest that, published to a store and read again, is the same manifest; and with its pushed
 * objects, written as object storage holds them and parsed again, the same objects. The store is a
 * sidecar's, {@code input.gz.lsidx}, so that a manifest that indexes {@code input.gz} is one.
 */
class ManifestCodecFuzzTest {

    @TempDir
    Path dir;

    @FuzzTest
    void aManifestReadsBackAsWrittenOrIsRefusedNamingIt(byte[] json) throws IOException {
        Path sidecar = dir.resolve("input.gz" + StoreFiles.SIDECAR_SUFFIX);
        Path file = sidecar.resolve(StoreFiles.MANIFEST);
        ManifestCodec.Remote remote;
        try {
            remote = ManifestCodec.parseRemote(file, json);
        } catch (CorruptStoreException | UnsupportedFormatException e) {
            assertThat(e.getMessage()).contains(file.toString());
            return;
        }
        Files.createDirectories(sidecar);
        try {
            ManifestCodec.publish(sidecar, remote.manifest(), false);
            assertThat(ManifestCodec.read(sidecar)).isEqualTo(remote.manifest());
        } finally {
            Files.delete(file);
        }
        if (remote.objects() != null) {
            assertThat(ManifestCodec.parseRemote(file, ManifestCodec.toJson(remote.manifest(), remote.objects())))
                    .isEqualTo(remote);
        }
    }
}
