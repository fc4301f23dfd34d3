package mvt.bench

import java.nio.file.{Files, Path}

class MachineInfoSuite extends munit.FunSuite {

  private def tree(files: (String, String)*): Path = {
    val root = Files.createTempDirectory("mvt-machine")
    files.foreach { (rel, text) =>
      val p = root.resolve(rel)
      Files.createDirectories(p.getParent)
      Files.writeString(p, text)
    }
    root
  }

  test("the CPU line names the model, its numbers, the clock and the data caches of core 0") {
    val root = tree(
      "cpuinfo" -> "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 167\nmodel name\t: Intel(R) Xeon(R) Processor\ncpu MHz\t\t: 2599.998\n\nprocessor\t: 1\nmodel name\t: Other\n",
      "cache/index0/level" -> "1\n",
      "cache/index0/type" -> "Data\n",
      "cache/index0/size" -> "48K\n",
      "cache/index1/level" -> "1\n",
      "cache/index1/type" -> "Instruction\n",
      "cache/index1/size" -> "64K\n",
      "cache/index2/level" -> "2\n",
      "cache/index2/type" -> "Unified\n",
      "cache/index2/size" -> "2048K\n",
      "cache/index3/level" -> "3\n",
      "cache/index3/type" -> "Unified\n",
      "cache/index3/size" -> "491520K\n"
    )
    assertEquals(
      MachineInfo.describeCpu(root.resolve("cpuinfo"), root.resolve("cache")),
      "Intel(R) Xeon(R) Processor (family 6 model 167), 2,600 MHz, L2 2048K, L3 491520K"
    )
  }

  test("what the system does not say is left out, and nothing at all is 'unknown'") {
    val root = tree("cpuinfo" -> "Processor\t: AArch64 Processor rev 1\n")
    assertEquals(
      MachineInfo.describeCpu(root.resolve("cpuinfo"), root.resolve("no-such-dir")),
      "AArch64 Processor rev 1"
    )
    assertEquals(MachineInfo.describeCpu(root.resolve("none"), root.resolve("none")), "unknown")
  }

  test("every benchmark header carries the CPU line") {
    assert(MachineInfo.describe.contains(s"CPU: ${MachineInfo.cpu};"), MachineInfo.describe)
  }
}
