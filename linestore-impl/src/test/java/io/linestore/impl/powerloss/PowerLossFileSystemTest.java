package io.linestore.impl.powerloss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The model {@link PowerLossFileSystem} keeps: bytes are durable as of a force of their file, names as
 * of a force of their directory, a cut operation and all after it fail, and a power cut puts the real
 * tree back to what was durable, or to some of what was not when asked.
 */
class PowerLossFileSystemTest {

    @TempDir
    Path tmp;

    @Test
    void aFileKeepsTheBytesItHadWhenLastForced() throws IOException {
        Files.createDirectory(tmp.resolve("d"));
        PowerLossFileSystem fs = PowerLossFileSystem.over(tmp);
        Path never = fs.path(tmp.resolve("d/never"));
        Path forced = fs.path(tmp.resolve("d/forced"));
        write(never, "lost", false);
        try (FileChannel channel = FileChannel.open(forced, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            channel.write(bytes("kept"));
            channel.force(true);
            channel.write(bytes(" and lost"));
        }
        forceDirectory(fs.path(tmp.resolve("d")));

        fs.powerCut();

        assertThat(Files.readString(tmp.resolve("d/never"))).isEmpty();
        assertThat(Files.readString(tmp.resolve("d/forced"))).isEqualTo("kept");
    }

    @Test
    void namesCreatedRenamedOrDeletedSinceTheirDirectoryWasForcedAreUndone() throws IOException {
        Files.createDirectory(tmp.resolve("d"));
        Files.writeString(tmp.resolve("d/old"), "old");
        Files.writeString(tmp.resolve("d/gone"), "gone");
        PowerLossFileSystem fs = PowerLossFileSystem.over(tmp);
        Path d = fs.path(tmp.resolve("d"));
        write(d.resolve("tmp"), "new", true);
        Files.move(d.resolve("tmp"), d.resolve("old"), StandardCopyOption.ATOMIC_MOVE,
                StandardCopyOption.REPLACE_EXISTING);
        Files.delete(d.resolve("gone"));
        Files.createDirectory(d.resolve("sub"));

        fs.powerCut();

        assertThat(names(tmp.resolve("d"))).containsExactlyInAnyOrder("old", "gone");
        assertThat(Files.readString(tmp.resolve("d/old"))).isEqualTo("old");
        assertThat(Files.readString(tmp.resolve("d/gone"))).isEqualTo("gone");
    }

    @Test
    void aForcedDirectoryKeepsItsNamesButNotTheBytesOfFilesNeverForced() throws IOException {
        PowerLossFileSystem fs = PowerLossFileSystem.over(tmp);
        Path sub = fs.path(tmp.resolve("sub"));
        Files.createDirectory(sub);
        write(sub.resolve("forced"), "forced", true);
        write(sub.resolve("unforced"), "unforced", false);
        Files.move(sub.resolve("forced"), sub.resolve("renamed"), StandardCopyOption.ATOMIC_MOVE);
        forceDirectory(sub);
        forceDirectory(fs.root());

        fs.powerCut();

        assertThat(names(tmp.resolve("sub"))).containsExactlyInAnyOrder("renamed", "unforced");
        assertThat(Files.readString(tmp.resolve("sub/renamed"))).isEqualTo("forced");
        assertThat(Files.readString(tmp.resolve("sub/unforced"))).isEmpty();
    }

    @Test
    void theCutOperationAndEveryOperationAfterItFail() throws IOException {
        PowerLossFileSystem fs = PowerLossFileSystem.over(tmp);
        Path file = fs.path(tmp.resolve("f"));
        fs.cutAt(3);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            channel.write(bytes("a"));
            assertThatThrownBy(() -> channel.force(true)).isInstanceOf(IOException.class)
                    .hasMessageContaining("power cut at operation 3: force");
            assertThatThrownBy(() -> channel.write(bytes("b"))).isInstanceOf(IOException.class)
                    .hasMessageContaining("died at operation 3");
            assertThatThrownBy(() -> channel.size()).isInstanceOf(IOException.class);
        }
        assertThatThrownBy(() -> Files.delete(file)).isInstanceOf(IOException.class);
        assertThat(fs.wasCut()).isTrue();
        assertThat(fs.operations()).isEqualTo(3);
        assertThat(Files.readString(tmp.resolve("f"))).as("the real file, before the power cut").isEqualTo("a");
    }

    @Test
    void aPowerCutMayKeepWhatWasNotForcedAFileWholeAndADirectorysChangesInOrder() throws IOException {
        Set<List<String>> seen = new HashSet<>();
        for (long seed = 0; seed < 40; seed++) {
            Path dir = tmp.resolve("seed-" + seed);
            Files.createDirectory(dir);
            PowerLossFileSystem fs = PowerLossFileSystem.over(dir);
            write(fs.path(dir.resolve("a")), "a", false);
            write(fs.path(dir.resolve("b")), "b", false);

            fs.powerCut(new SplittableRandom(seed));

            List<String> state = names(dir).stream().sorted().map(name -> name + "=" + read(dir.resolve(name)))
                    .toList();
            assertThat(state).as("seed " + seed).isIn(List.of(), List.of("a="), List.of("a=a"), List.of("a=", "b="),
                    List.of("a=a", "b="), List.of("a=", "b=b"), List.of("a=a", "b=b"));
            seen.add(state);
        }
        assertThat(seen).as("some seed keeps nothing, some keeps all").contains(List.of(), List.of("a=a", "b=b"));
    }

    @Test
    void itsPathsAreNoFilesSoAWriterThatUsesJavaIoFileFailsInsteadOfEscapingTheModel() throws IOException {
        PowerLossFileSystem fs = PowerLossFileSystem.over(tmp);
        assertThatThrownBy(() -> fs.root().toFile()).isInstanceOf(UnsupportedOperationException.class);
    }

    private static void write(Path file, String text, boolean force) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            channel.write(bytes(text));
            if (force) {
                channel.force(true);
            }
        }
    }

    private static void forceDirectory(Path dir) throws IOException {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    private static ByteBuffer bytes(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.map(entry -> entry.getFileName().toString()).toList();
        }
    }
}
