package io.linestore.impl.powerloss;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.CopyOption;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.OpenOption;
import java.nio.file.attribute.FileAttribute;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a disk holds of one directory tree: for each file and directory, what is on it now (the
 * real tree) and what would survive a power cut. {@link PowerLossFileSystem} describes the model;
 * this class keeps it. Its changes to the tree (create, rename, delete) go through here so the
 * model and the real tree never disagree. Not thread-safe: {@link PowerLossProvider} calls it under
 * its own lock.
 */
final class DiskModel {

    /** A file or a directory: an inode, which names in directories point at. */
    sealed interface Node permits FileNode, DirNode {
    }

    /** A file: its durable bytes, and whether it was written since they were taken. */
    static final class FileNode implements Node {
        /** The bytes as of the last force; empty for a file never forced. */
        private byte[] durable;
        /** Written (or truncated) since the last force. */
        private boolean dirty;
        /** Its bytes when its name went (deleted, or renamed over), for a power cut that brings it back. */
        private byte[] lastBytes;
        private boolean unnamed;

        private FileNode(byte[] durable) {
            this.durable = durable;
        }
    }

    /** A directory: its entries now, as of its last force, and the changes since, in order. */
    static final class DirNode implements Node {
        private final TreeMap<String, Node> live = new TreeMap<>();
        private TreeMap<String, Node> durable = new TreeMap<>();
        private final List<Change> pending = new ArrayList<>();
    }

    /**
     * One change to a directory's entries, applied whole or not at all: a create ({@code from} null), a
     * delete ({@code to} null) or a rename within the directory (both).
     */
    private record Change(String from, String to, Node node) {
        void applyTo(Map<String, Node> entries) {
            if (from != null) {
                entries.remove(from, node);
            }
            if (to != null) {
                entries.put(to, node);
            }
        }
    }

    private final Path root;
    private final DirNode rootDir = new DirNode();

    /**
     * Takes the tree as it is as durable: whatever the test put there before the write is on the disk.
     *
     * @param root the real root directory, absolute and normalized
     */
    DiskModel(Path root) throws IOException {
        this.root = root;
        load(rootDir, root);
    }

    private static void load(DirNode dir, Path path) throws IOException {
        try (Stream<Path> entries = Files.list(path)) {
            for (Path entry : entries.toList()) {
                Node node;
                if (Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    DirNode child = new DirNode();
                    load(child, entry);
                    node = child;
                } else {
                    node = new FileNode(Files.readAllBytes(entry));
                }
                dir.live.put(entry.getFileName().toString(), node);
            }
        }
        dir.durable = new TreeMap<>(dir.live);
    }

    /** Whether a real path is inside the modelled tree (the root included). */
    boolean contains(Path real) {
        return real.startsWith(root);
    }

    /**
     * The node a real path names now.
     *
     * @return the node, or {@code null} if nothing is there
     */
    Node lookup(Path real) {
        Node node = rootDir;
        for (Path name : root.relativize(real)) {
            if (name.toString().isEmpty()) {
                continue;
            }
            if (!(node instanceof DirNode dir)) {
                return null;
            }
            node = dir.live.get(name.toString());
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    private DirNode parentOf(Path real) {
        if (real.equals(root) || !(lookup(real.getParent()) instanceof DirNode parent)) {
            throw new IllegalStateException("not in the modelled tree: " + real);
        }
        return parent;
    }

    private static String name(Path real) {
        return real.getFileName().toString();
    }

    private static void change(DirNode dir, Change change) {
        change.applyTo(dir.live);
        dir.pending.add(change);
    }

    /** Opens a file, recording the entry when the open creates it. */
    FileChannel open(Path real, Set<? extends OpenOption> options, FileAttribute<?>... attrs) throws IOException {
        boolean existed = Files.exists(real, LinkOption.NOFOLLOW_LINKS);
        FileChannel channel = FileChannel.open(real, options, attrs);
        if (!existed) {
            change(parentOf(real), new Change(null, name(real), new FileNode(new byte[0])));
        }
        return channel;
    }

    void createDirectory(Path real, FileAttribute<?>... attrs) throws IOException {
        Files.createDirectory(real, attrs);
        change(parentOf(real), new Change(null, name(real), new DirNode()));
    }

    void delete(Path real) throws IOException {
        Node node = lookup(real);
        keepBytes(node, real);
        Files.delete(real);
        change(parentOf(real), new Change(name(real), null, node));
        unname(node);
    }

    void move(Path source, Path target, CopyOption... options) throws IOException {
        Node node = lookup(source);
        if (node instanceof DirNode) {
            throw new UnsupportedOperationException("moving a directory is not modelled: " + source);
        }
        Node replaced = lookup(target);
        keepBytes(replaced, target);
        Files.move(source, target, options);
        DirNode from = parentOf(source);
        DirNode to = parentOf(target);
        if (from == to) {
            change(from, new Change(name(source), name(target), node));
        } else {
            change(from, new Change(name(source), null, node));
            change(to, new Change(null, name(target), node));
        }
        if (replaced != null && replaced != node) {
            unname(replaced);
        }
    }

    /** A file's bytes are written: they may now differ from the durable ones. */
    static void written(FileNode file, Path path) {
        if (file.unnamed) {
            throw new UnsupportedOperationException("writing a file that has no name any more is not modelled: "
                    + path);
        }
        file.dirty = true;
    }

    /** A file was forced: its bytes now are durable. */
    static void forced(FileNode file, FileChannel channel) throws IOException {
        file.durable = readAll(channel);
        file.dirty = false;
    }

    /** A directory was forced: its entries now are durable. */
    static void forced(DirNode dir) {
        dir.durable = new TreeMap<>(dir.live);
        dir.pending.clear();
    }

    private static void keepBytes(Node node, Path real) throws IOException {
        if (node instanceof FileNode file && file.dirty) {
            file.lastBytes = Files.readAllBytes(real);
        }
    }

    private static void unname(Node node) {
        if (node instanceof FileNode file) {
            file.unnamed = true;
        }
    }

    private static byte[] readAll(FileChannel channel) throws IOException {
        long size = channel.size();
        if (size > Integer.MAX_VALUE - 8) {
            throw new IOException("a file of " + size + " bytes is too large for the model");
        }
        ByteBuffer bytes = ByteBuffer.allocate((int) size);
        while (bytes.hasRemaining()) {
            if (channel.read(bytes, bytes.position()) < 0) {
                break;
            }
        }
        return Arrays.copyOf(bytes.array(), bytes.position());
    }

    /**
     * Rewrites the real tree to what survives a power cut: the durable state, and with a random
     * source some of what was not forced (see {@link PowerLossFileSystem#powerCut(SplittableRandom)}).
     * Files whose bytes survive as they are now are left alone, their modification times too.
     *
     * @param random chooses what un-forced changes survive; {@code null} for none
     */
    void powerCut(SplittableRandom random) throws IOException {
        Map<FileNode, Path> named = new IdentityHashMap<>();
        collectNamed(rootDir, root, named);
        Survivors survivors = new Survivors(random, named);
        survivors.collect(rootDir, root);
        Map<Path, byte[]> files = survivors.files;
        Set<Path> dirs = survivors.dirs;
        List<Path> existing;
        try (Stream<Path> walk = Files.walk(root)) {
            // Deepest first, so a directory is empty by the time it is judged.
            existing = walk.sorted(Comparator.reverseOrder()).toList();
        }
        for (Path path : existing) {
            if (path.equals(root)) {
                continue;
            }
            boolean keep = Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS) ? dirs.contains(path)
                    : files.containsKey(path) && Arrays.equals(Files.readAllBytes(path), files.get(path));
            if (!keep) {
                Files.delete(path);
            }
        }
        for (Path dir : dirs) {
            Files.createDirectories(dir);
        }
        for (Map.Entry<Path, byte[]> file : files.entrySet()) {
            if (!Files.exists(file.getKey(), LinkOption.NOFOLLOW_LINKS)) {
                Files.write(file.getKey(), file.getValue());
            }
        }
    }

    private static void collectNamed(DirNode dir, Path path, Map<FileNode, Path> named) {
        for (Map.Entry<String, Node> entry : dir.live.entrySet()) {
            Path child = path.resolve(entry.getKey());
            switch (entry.getValue()) {
                case FileNode file -> named.put(file, child);
                case DirNode sub -> collectNamed(sub, child, named);
            }
        }
    }

    /** What of the tree survives a power cut, chosen once per directory and per file. */
    private static final class Survivors {
        private final SplittableRandom random;
        private final Map<FileNode, Path> named;
        private final Map<FileNode, byte[]> chosen = new IdentityHashMap<>();
        private final Map<Path, byte[]> files = new HashMap<>();
        /** Parents before their children. */
        private final Set<Path> dirs = new LinkedHashSet<>();

        Survivors(SplittableRandom random, Map<FileNode, Path> named) {
            this.random = random;
            this.named = named;
        }

        void collect(DirNode dir, Path path) throws IOException {
            TreeMap<String, Node> entries = new TreeMap<>(dir.durable);
            if (random != null) {
                // A directory's changes reach the disk in the order they were made, as a journal commits them.
                int survive = random.nextInt(dir.pending.size() + 1);
                for (Change change : dir.pending.subList(0, survive)) {
                    change.applyTo(entries);
                }
            }
            for (Map.Entry<String, Node> entry : entries.entrySet()) {
                Path child = path.resolve(entry.getKey());
                switch (entry.getValue()) {
                    case FileNode file -> files.put(child, bytes(file));
                    case DirNode sub -> {
                        dirs.add(child);
                        collect(sub, child);
                    }
                }
            }
        }

        /** A file's bytes after the cut: the durable ones, or (chosen at random) all it was written since. */
        private byte[] bytes(FileNode file) throws IOException {
            byte[] bytes = chosen.get(file);
            if (bytes == null) {
                if (random == null || !file.dirty || random.nextBoolean()) {
                    bytes = file.durable;
                } else {
                    Path now = named.get(file);
                    bytes = now != null ? Files.readAllBytes(now) : file.lastBytes;
                }
                chosen.put(file, bytes);
            }
            return bytes;
        }
    }
}
