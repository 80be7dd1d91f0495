// SPDX-License-Identifier: MIT
import TactusDemoClient

DemoClient.main()
